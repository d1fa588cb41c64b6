import type { ZenginEntry } from '@coin/contract';
import { notFound } from './errors';

/*
 * The Zengin code list (banks and their branches) from the `zengin-code` data package, which follows
 * the list the Japanese Bankers Association publishes. About 5 MB of data: loaded on first use.
 */

type ZenginBanks = typeof import('zengin-code')['default'];
let banks: Promise<ZenginBanks> | null = null;
/** The whole list, read once on first use. */
export const zenginBanks = () => {
  banks ??= import('zengin-code').then((module) => module.default);
  return banks;
};

/** Banks (codes below 1000, and ゆうちょ) are named without 銀行 in the list: 群馬 is 群馬銀行. */
const isBankCode = (bankCode: string) => bankCode < '1000' || bankCode === '9900';
/** Bank names that already say what they are (シティバンク、エヌ・エイ; a funds-transfer company). */
const NAMED_BANK = /銀行$|バンク|ペイメンツ/;
/** The list's abbreviations of the other kinds, by their ending: 高崎信金 is 高崎信用金庫. */
const KIND_ABBREVIATIONS: readonly [ending: string, full: string][] = [
  ['全信組連', '全国信用協同組合連合会'],
  ['信漁連', '信用漁業協同組合連合会'],
  ['労金連', '労働金庫連合会'],
  ['商工中金', '商工組合中央金庫'],
  ['農林中金', '農林中央金庫'],
  ['信金', '信用金庫'],
  ['信組', '信用組合'],
  ['労金', '労働金庫'],
  ['信連', '信用農業協同組合連合会'],
  ['農協', '農業協同組合'],
  ['漁協', '漁業協同組合'],
];

/**
 * A bank's full name from the list's name (群馬 → 群馬銀行, 高崎信金 → 高崎信用金庫). A full name
 * stays as it is, so names stored either way read the same.
 */
export function bankFullName(bankCode: string, name: string): string {
  const usual = name.normalize('NFKC');
  if (isBankCode(bankCode)) return NAMED_BANK.test(usual) ? usual : `${usual}銀行`;
  const abbreviation = KIND_ABBREVIATIONS.find(([ending]) => usual.endsWith(ending));
  return abbreviation ? usual.slice(0, -abbreviation[0].length) + abbreviation[1] : usual;
}

/** Branch names that already say what they are: 本店営業部, 県庁出張所, 本所, 代理店. */
const NAMED_BRANCH = /(店|出張所|支所|本所|営業所|事務所|営業部)$/;

/**
 * A branch's full name from the list's name (前橋 → 前橋支店; ゆうちょ's 〇一八 → 〇一八店). A full
 * name stays as it is.
 */
export function branchFullName(bankCode: string, name: string): string {
  const usual = name.normalize('NFKC');
  if (NAMED_BRANCH.test(usual)) return usual;
  return `${usual}${bankCode === '9900' ? '店' : '支店'}`;
}

/** The list writes names in full-width letters (三菱ＵＦＪ); answered in their usual width, in full. */
export const bankEntry = (found: { code: string; name: string; kana: string }): ZenginEntry => ({
  code: found.code,
  name: bankFullName(found.code, found.name),
  kana: found.kana.normalize('NFKC'),
});

export const branchEntry = (bankCode: string, found: { code: string; name: string; kana: string }): ZenginEntry => ({
  code: found.code,
  name: branchFullName(bankCode, found.name),
  kana: found.kana.normalize('NFKC'),
});

export const ZENGIN_MESSAGES = {
  unknownBank: '該当する金融機関がありません。金融機関コードをご確認ください',
  unknownBranch: '該当する支店がありません。支店コードをご確認ください',
} as const;

/** The bank of a 4-digit code, or null. */
export async function findBank(bankCode: string): Promise<ZenginEntry | null> {
  const bank = (await zenginBanks())[bankCode];
  return bank ? bankEntry(bank) : null;
}

/** The branch of a bank by their codes, or null (also when the bank is unknown). */
export async function findBranch(bankCode: string, branchCode: string): Promise<ZenginEntry | null> {
  const branch = (await zenginBanks())[bankCode]?.branches[branchCode];
  return branch ? branchEntry(bankCode, branch) : null;
}

export async function lookupBank(bankCode: string): Promise<ZenginEntry> {
  const bank = await findBank(bankCode);
  if (!bank) throw notFound(ZENGIN_MESSAGES.unknownBank);
  return bank;
}

export async function lookupBranch(bankCode: string, branchCode: string): Promise<ZenginEntry> {
  const branch = await findBranch(bankCode, branchCode);
  if (!branch) throw notFound(ZENGIN_MESSAGES.unknownBranch);
  return branch;
}
