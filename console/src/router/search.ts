import { isTimeOfDay, type Query, tokyoDate } from '@coin/contract';
import { useSearch } from '@tanstack/react-router';

/** Query parameters stay plain strings (authError=true is the string 'true'), as the guard expects. */
export function parseSearch(searchStr: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) {
    if (!(key in query)) query[key] = value;
  }
  return query;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const serialized = params.toString();
  return serialized ? `?${serialized}` : '';
}

/** A search as the URL's query: strings, a number (a list's page) as its text; anything else is left out. */
export function plainSearch(search: Readonly<Record<string, unknown>>): Query {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string') query[key] = value;
    else if (typeof value === 'number') query[key] = String(value);
  }
  return query;
}

/** The current route's query as strings (the public pages' tokens, the login's return target). */
export const usePlainSearch = (): Query => useSearch({ strict: false, select: plainSearch });

/** `/path` + query → an href. */
export const hrefWithQuery = (path: string, query: Readonly<Record<string, string>>): string =>
  `${path}${stringifySearch(query)}`;

/* ---------- list pages: period, page and filters kept in the URL ---------- */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today as an Asia/Tokyo calendar day (YYYY-MM-DD): the contract's helper, plain Date arithmetic (entry chunk). */
export const tokyoDay = (now: Date): string => tokyoDate(now);

function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The default period: this Asia/Tokyo month, from its first day to today. */
export function thisMonth(now: Date = new Date()): { from: string; to: string } {
  const today = tokyoDay(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export type ListSearch = {
  /** First day of the period (YYYY-MM-DD, Asia/Tokyo). */
  from: string;
  /** Last day of the period, inclusive. */
  to: string;
  /** 1-based page. */
  page: number;
};

/** A route's search as the router hands it to validateSearch: the URL's query (strings) or an already validated search. */
export type RawSearch = Readonly<Record<string, unknown>>;

/**
 * A route's own search parser: the router's validateSearch of that route (router/listSearches.ts), and
 * what its page and its prefetch read the search with. It gives every key it knows (an absent or invalid
 * filter as undefined, so the route drops it) and is idempotent: parsing its own output gives it back.
 */
export type SearchParser<S extends RawSearch = RawSearch> = (raw: RawSearch, now?: Date) => S;

/** A search parser; `now` (for a default period) is the current time unless a test gives one. */
export const searchParser =
  <S extends RawSearch>(parse: (raw: RawSearch, now: Date) => S): SearchParser<S> =>
  (raw, now = new Date()) =>
    parse(raw, now);

/**
 * The period: a missing or malformed day becomes the default period's (this month unless the list has
 * another), a reversed pair is put in order.
 */
export function periodOf(
  raw: RawSearch,
  now: Date,
  fallback: Pick<ListSearch, 'from' | 'to'> = thisMonth(now),
): Pick<ListSearch, 'from' | 'to'> {
  let from = isCalendarDay(raw.from) ? raw.from : fallback.from;
  let to = isCalendarDay(raw.to) ? raw.to : fallback.to;
  if (from > to) [from, to] = [to, from];
  return { from, to };
}

/**
 * The period widened to show a record dated `starts_on`…`ends_on` (a coupon's days, a link created
 * today: one day twice), or null when the period already overlaps it. YYYY-MM-DD days sort as text.
 */
export function periodShowing(
  period: { from: string; to: string },
  record: { starts_on: string; ends_on: string },
): { from: string; to: string } | null {
  if (record.starts_on <= period.to && record.ends_on >= period.from) return null;
  const [from] = [record.starts_on, period.from].sort();
  const [, to] = [record.starts_on, period.to].sort();
  return { from: from as string, to: to as string };
}

/** The 1-based page: anything but a positive safe integer is 1. */
export function pageOf(raw: RawSearch): number {
  const page = Number(raw.page);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** A list with a period and pages and no filter of its own (and the pages' histories that read only those). */
export const listSearch: SearchParser<ListSearch> = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
}));

/** A filter value that must be one of `allowed`; anything else is no filter. */
export const pickOne = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** A positive id written in digits (up to 15, so it stays a safe integer); anything else is no id. */
export function idOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}

/** A positive whole amount written in digits (up to 15, so it stays a safe integer), or its number; anything else is none. */
export const amountOf = idOf;

/**
 * The amount and time-of-day filters of a history list (issue 25), as the URL keeps them: `amount` (exact)
 * or `min`/`max` (a range, either end optional), and `timeFrom`/`timeTo` ('HH:mm', Asia/Tokyo). The
 * server compares the amount with the entry's absolute value. An exact amount wins over a range; a
 * reversed range is put in order (as a period is); a malformed value is none. A `timeTo` before
 * `timeFrom` stays: the window runs across midnight.
 */
export type HistoryFilters = {
  amount: number | undefined;
  min: number | undefined;
  max: number | undefined;
  timeFrom: string | undefined;
  timeTo: string | undefined;
};

export function historyFiltersOf(raw: RawSearch): HistoryFilters {
  const amount = amountOf(raw.amount);
  let min = amount === undefined ? amountOf(raw.min) : undefined;
  let max = amount === undefined ? amountOf(raw.max) : undefined;
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    amount,
    min,
    max,
    timeFrom: isTimeOfDay(raw.timeFrom) ? raw.timeFrom : undefined,
    timeTo: isTimeOfDay(raw.timeTo) ? raw.timeTo : undefined,
  };
}

/** The history filters unset, as a search patch (a tab without them, the panel's クリア). */
export const NO_HISTORY_FILTERS = {
  amount: undefined,
  min: undefined,
  max: undefined,
  timeFrom: undefined,
  timeTo: undefined,
} as const satisfies Record<keyof HistoryFilters, undefined>;

/**
 * What a route's search middleware leaves of a navigation's search: the router writes the validated
 * search into the URL, so the values the parser only defaulted (this month's period, page 1, a default
 * tab) are taken out again. The URL keeps what the link or the user set: a bare `/refund` stays bare,
 * and the guard's redirects keep their query as it was.
 */
export function withoutDefaults(
  parse: SearchParser,
  search: Readonly<Record<string, unknown>>,
  now: Date = new Date(),
): Record<string, unknown> {
  const defaults = parse({}, now);
  const next: Record<string, unknown> = { ...search };
  for (const [key, value] of Object.entries(defaults)) {
    if (key === 'from' || key === 'to' || value === undefined) continue;
    if (next[key] === value) delete next[key];
  }
  // The period goes as a pair: a lone `to` would mean another period next month.
  if ('from' in defaults && next.from === defaults.from && next.to === defaults.to) {
    delete next.from;
    delete next.to;
  }
  return next;
}
