import type { ZenginEntry, ZenginSearchAnswer } from '@coin/contract';
import { digitsTyping, isCompleteCode } from './bankAccountForm';

/*
 * The bank and branch pickers: one input that takes a code or a name. A code typed in full is looked
 * up as before; anything else is searched, and choosing an entry of the list puts its code in the input.
 */

/** A code as typed becomes half-width digits without separators (０１ ２８ → 0128); a name stays as typed. */
export function pickerTyping(typed: string): string {
  const digits = digitsTyping(typed);
  return /^\d+$/.test(digits) ? digits : typed;
}

/**
 * The text to search the list with, or null when there is none: an empty input, or a code typed in
 * full (the look-up names it; the list would only repeat it).
 */
export function searchTermOf(value: string, digits: number): string | null {
  const term = value.trim();
  if (term === '' || isCompleteCode(term, digits)) return null;
  return term;
}

/** What the list under the input shows. */
export type PickerList =
  | { state: 'closed' }
  /** Nothing to search in yet (the branches of a bank not chosen). */
  | { state: 'unavailable' }
  | { state: 'searching' }
  | { state: 'failed' }
  | { state: 'none' }
  | { state: 'found'; entries: ZenginEntry[]; more: boolean };

/** The list for a search term and the state of its query (the answer of an earlier term shows until the next). */
export function pickerListOf(
  term: string | null,
  searchable: boolean,
  query: { isError: boolean; data?: ZenginSearchAnswer | undefined },
): PickerList {
  if (term === null) return { state: 'closed' };
  if (!searchable) return { state: 'unavailable' };
  if (query.data) {
    return query.data.entries.length === 0
      ? { state: 'none' }
      : { state: 'found', entries: query.data.entries, more: query.data.more };
  }
  return query.isError ? { state: 'failed' } : { state: 'searching' };
}

/**
 * Two searches of the same list (the banks, or one bank's branches), whatever their texts: the last
 * part of a search's query key is its text.
 */
export function isSameList(previousKey: readonly unknown[], key: readonly unknown[]): boolean {
  return (
    previousKey.length === key.length && previousKey.slice(0, -1).every((part, index) => Object.is(part, key[index]))
  );
}

/** The entry of a chosen option (the option's value is the code). */
export const entryOf = (list: PickerList, code: string): ZenginEntry | undefined =>
  list.state === 'found' ? list.entries.find((entry) => entry.code === code) : undefined;
