import { ZENGIN_SEARCH_LIMIT, type ZenginEntry, type ZenginSearchAnswer } from '@coin/contract';
import { notFound } from './errors';
import { romajiKey, searchFold } from './kana';
import { bankEntry, branchEntry, ZENGIN_MESSAGES, zenginBanks } from './zengin';

/*
 * Banks and branches found by what the Owner types: kanji (群馬), hiragana (ぐんま), katakana of either
 * width (グンマ, ｸﾞﾝﾏ), romaji (gunma, Gumma) or the first digits of the code. Each entry is folded
 * once, when the list is first searched (the banks' index on the first search, a bank's branches on
 * the first search among them), and every search compares the folded query with those strings.
 */

interface ListEntry {
  code: string;
  name: string;
  kana: string;
  hira: string;
  roma: string;
}

interface Indexed {
  entry: ZenginEntry;
  /** The list's name, the full name and the reading, folded (searchFold). */
  texts: string[];
  /** The list's romaji, folded (romajiKey). */
  roma: string;
}

const indexed = (entry: ZenginEntry, listed: ListEntry): Indexed => ({
  entry,
  texts: [...new Set([listed.name, entry.name, listed.kana, listed.hira].map(searchFold))],
  roma: romajiKey(listed.roma),
});

const byCode = (a: Indexed, b: Indexed) => (a.entry.code < b.entry.code ? -1 : a.entry.code > b.entry.code ? 1 : 0);

let bankIndex: Promise<Indexed[]> | null = null;
const banksIndexed = () => {
  bankIndex ??= zenginBanks().then((banks) =>
    Object.values(banks)
      .map((bank) => indexed(bankEntry(bank), bank))
      .sort(byCode),
  );
  return bankIndex;
};

const branchIndexes = new Map<string, Indexed[]>();
/** A bank's branches, indexed on the first search among them; null when the list has no such bank. */
async function branchesIndexed(bankCode: string): Promise<Indexed[] | null> {
  const known = branchIndexes.get(bankCode);
  if (known) return known;
  const bank = (await zenginBanks())[bankCode];
  if (!bank) return null;
  const index = Object.values(bank.branches)
    .map((branch) => indexed(branchEntry(bankCode, branch), branch))
    .sort(byCode);
  branchIndexes.set(bankCode, index);
  return index;
}

interface Query {
  /** searchFold of what was typed. */
  text: string;
  /** romajiKey of it when it is romaji (letters only), else null. */
  roma: string | null;
}

const queryOf = (typed: string): Query => {
  const text = searchFold(typed);
  const roma = /^[a-z]+$/.test(text) ? romajiKey(text) : null;
  return { text, roma: roma === '' ? null : roma };
};

/** Ranks, best first: the code itself, a code it begins, a name it is, a name it begins, a name it is in. */
const RANK = { code: 0, codePrefix: 1, exact: 2, prefix: 3, substring: 4 } as const;

function rankOf(item: Indexed, { text, roma }: Query): number | null {
  const { code } = item.entry;
  if (code === text) return RANK.code;
  if (code.startsWith(text)) return RANK.codePrefix;
  const matches = (test: (key: string, typed: string) => boolean) =>
    item.texts.some((key) => test(key, text)) || (roma !== null && test(item.roma, roma));
  if (matches((key, typed) => key === typed)) return RANK.exact;
  if (matches((key, typed) => key.startsWith(typed))) return RANK.prefix;
  if (matches((key, typed) => key.includes(typed))) return RANK.substring;
  return null;
}

/** The entries that match, best first and by code within a rank, at most `limit` of them. */
function searchIndex(index: readonly Indexed[], typed: string, limit = ZENGIN_SEARCH_LIMIT): ZenginSearchAnswer {
  const query = queryOf(typed);
  // Only spaces and marks typed: nothing to look for.
  if (query.text === '') return { entries: [], more: false };
  const found: { item: Indexed; rank: number }[] = [];
  for (const item of index) {
    const rank = rankOf(item, query);
    if (rank !== null) found.push({ item, rank });
  }
  // The index is in code order and the sort is stable: within a rank, by code.
  found.sort((a, b) => a.rank - b.rank);
  return { entries: found.slice(0, limit).map(({ item }) => item.entry), more: found.length > limit };
}

/** Banks by name, reading, romaji or the first digits of the code. */
export async function searchBanks(typed: string, limit = ZENGIN_SEARCH_LIMIT): Promise<ZenginSearchAnswer> {
  return searchIndex(await banksIndexed(), typed, limit);
}

/** A bank's branches by name, reading, romaji or the first digits of the code (404 for an unknown bank). */
export async function searchBranches(
  bankCode: string,
  typed: string,
  limit = ZENGIN_SEARCH_LIMIT,
): Promise<ZenginSearchAnswer> {
  const index = await branchesIndexed(bankCode);
  if (!index) throw notFound(ZENGIN_MESSAGES.unknownBank);
  return searchIndex(index, typed, limit);
}
