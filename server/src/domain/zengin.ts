import type { ZenginEntry } from '@coin/contract';
import { notFound } from './errors';

/*
 * The Zengin code list (banks and their branches) from the `zengin-code` data package, which follows
 * the list the Japanese Bankers Association publishes. About 5 MB of data: loaded on first use.
 */

type ZenginBanks = typeof import('zengin-code')['default'];
let banks: Promise<ZenginBanks> | null = null;
const zenginBanks = () => {
  banks ??= import('zengin-code').then((module) => module.default);
  return banks;
};

/** The list writes names in full-width letters (三菱ＵＦＪ); shown and stored in their usual width. */
const entry = (found: { code: string; name: string; kana: string }): ZenginEntry => ({
  code: found.code,
  name: found.name.normalize('NFKC'),
  kana: found.kana.normalize('NFKC'),
});

export const ZENGIN_MESSAGES = {
  unknownBank: '該当する金融機関がありません。金融機関コードをご確認ください',
  unknownBranch: '該当する支店がありません。支店コードをご確認ください',
} as const;

/** The bank of a 4-digit code, or null. */
export async function findBank(bankCode: string): Promise<ZenginEntry | null> {
  const bank = (await zenginBanks())[bankCode];
  return bank ? entry(bank) : null;
}

/** The branch of a bank by their codes, or null (also when the bank is unknown). */
export async function findBranch(bankCode: string, branchCode: string): Promise<ZenginEntry | null> {
  const branch = (await zenginBanks())[bankCode]?.branches[branchCode];
  return branch ? entry(branch) : null;
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
