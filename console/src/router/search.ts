import { type Query, tokyoDate } from '@coin/contract';
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

export interface ListSearch {
  /** First day of the period (YYYY-MM-DD, Asia/Tokyo). */
  from: string;
  /** Last day of the period, inclusive. */
  to: string;
  /** 1-based page. */
  page: number;
}

/** A list route's validated search: the period and page, and its filters as strings. */
export type ListSearchParams = ListSearch & { readonly [filter: string]: string | number };

/**
 * The router's validateSearch of every list page: a missing or malformed period becomes this month,
 * a reversed one is put in order, a bad page is 1. Other parameters (filters) pass through as strings.
 */
export function validateListSearch(raw: Record<string, unknown>, now: Date = new Date()): ListSearchParams {
  const rest: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'from' || key === 'to' || key === 'page') continue;
    if (typeof value === 'string' && value !== '') rest[key] = value;
    else if (typeof value === 'number') rest[key] = String(value);
  }
  const fallback = thisMonth(now);
  let from = isCalendarDay(raw.from) ? raw.from : fallback.from;
  let to = isCalendarDay(raw.to) ? raw.to : fallback.to;
  if (from > to) [from, to] = [to, from];
  const pageNumber = Number(raw.page);
  const page = Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  return { ...rest, from, to, page };
}

/** Route names whose search is a list's (router.tsx gives them validateListSearch). */
export const LIST_ROUTES: ReadonlySet<string> = new Set([
  'Transaction',
  'Refund',
  'DownloadFile',
  'MerchantRebate',
  'UtilityBillsQrHistories',
  'DownloadUtilityBillsData',
  'WithdrawalInfo',
  'WithdrawalInfoMerchant',
  'BookTicketUseHistory',
  // Not 'Coupon' (its page reads the period through useListSearch all the same): the router writes a
  // list route's validated period into the URL of every navigation to it, and the guard's redirect of
  // a signed-out /coupon on the qr. host to the app hand-over /coupon/ (same route) must keep the query as it was.
  'Subscriptions',
  'AutomaticPaymentHistory',
]);

/** A filter value that must be one of `allowed`; anything else is no filter. */
export const pickOne = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
