// Each list route's own search parser (its validateSearch): the keys it knows, their allowed values.
import { APP_ROUTES } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { ROUTE_SEARCHES, searchParserOf } from './listSearches';
import { parseSearch, stringifySearch, thisMonth } from './search';

// 2026-03-31 15:30 UTC is 2026-04-01 00:30 in Tokyo.
const NOW = new Date('2026-03-31T15:30:00Z');
const MONTH = thisMonth(NOW);
const PERIOD = { from: '2026-02-01', to: '2026-02-28' };
/** The history lists' amount and time-of-day filters, none set. */
const NO_FILTERS = { amount: undefined, min: undefined, max: undefined, timeFrom: undefined, timeTo: undefined };

const parse = (name: string, query: string) => {
  const parser = searchParserOf(name);
  if (!parser) throw new Error(`no search parser for ${name}`);
  return parser(parseSearch(query), NOW);
};

/** Route → a URL query with a valid value for each of its keys, and what its parser reads from it. */
const VALID: Record<string, [string, Record<string, unknown>]> = {
  Transaction: [
    '?from=2026-02-01&to=2026-02-28&page=3&tab=histories&type=PAYMENT&id=42&min=1000&max=5000&timeFrom=12:00&timeTo=13:30',
    {
      ...PERIOD,
      page: 3,
      tab: 'histories',
      type: 'PAYMENT',
      id: 42,
      ...NO_FILTERS,
      min: 1000,
      max: 5000,
      timeFrom: '12:00',
      timeTo: '13:30',
    },
  ],
  RequestPayment: ['?from=2026-02-01&to=2026-02-28&page=2', { ...PERIOD, page: 2 }],
  UrlPayment: ['?from=2026-02-01&to=2026-02-28&page=2&status=STOPPED', { ...PERIOD, page: 2, status: 'STOPPED' }],
  InvoicePayment: ['?from=2026-02-01&to=2026-02-28&page=2&status=OVERDUE', { ...PERIOD, page: 2, status: 'OVERDUE' }],
  Coupon: ['?from=2026-02-01&to=2026-02-28&page=2&status=SCHEDULED', { ...PERIOD, page: 2, status: 'SCHEDULED' }],
  BookTicketUseHistory: ['?from=2026-02-01&to=2026-02-28&page=2', { ...PERIOD, page: 2 }],
  Subscriptions: [
    '?from=2026-02-01&to=2026-02-28&page=2&status=PAYMENT_FAILED',
    { ...PERIOD, page: 2, status: 'PAYMENT_FAILED' },
  ],
  AutomaticPaymentHistory: [
    '?from=2026-02-01&to=2026-02-28&page=2&result=RETRY_SCHEDULED',
    { ...PERIOD, page: 2, result: 'RETRY_SCHEDULED' },
  ],
  UtilityBillsQrHistories: [
    '?from=2026-02-01&to=2026-02-28&page=2&status=CANCELED',
    { ...PERIOD, page: 2, status: 'CANCELED' },
  ],
  Refund: ['?from=2026-02-01&to=2026-02-28&page=2&status=APPROVED', { ...PERIOD, page: 2, status: 'APPROVED' }],
  RequestRefund: [
    '?from=2026-02-01&to=2026-02-28&page=2&id=42&amount=3000&timeFrom=22:00&timeTo=02:00',
    { ...PERIOD, page: 2, id: 42, ...NO_FILTERS, amount: 3000, timeFrom: '22:00', timeTo: '02:00' },
  ],
  Reload: ['?from=2026-02-01&to=2026-02-28&page=2', { ...PERIOD, page: 2 }],
  MerchantRebate: ['?from=2026-02-01&to=2026-02-28&page=2', { ...PERIOD, page: 2 }],
  WithdrawalInfo: ['?from=2026-02-01&to=2026-02-28&page=2', { ...PERIOD, page: 2 }],
  WithdrawalInfoMerchant: ['?from=2026-02-01&to=2026-02-28&page=2', { ...PERIOD, page: 2 }],
  MerchantUser: ['?page=2', { page: 2 }],
  OperationHistory: [
    '?from=2026-02-01&to=2026-02-28&page=2&user=4&kind=refund',
    { ...PERIOD, page: 2, user: 4, kind: 'refund' },
  ],
  DownloadFile: [
    '?kind=refund_applications&from=2026-02-01&to=2026-02-28&encoding=utf8',
    { kind: 'refund_applications', ...PERIOD, encoding: 'utf8' },
  ],
  DownloadUtilityBillsData: ['?from=2026-02-01&to=2026-02-28&encoding=utf8', { ...PERIOD, encoding: 'utf8' }],
};

/** Route → what its parser reads from a query whose every value is invalid (and one key no route knows). */
const BAD =
  '?from=2026-02-30&to=someday&page=0&tab=nope&type=payment&id=abc&status=PAID!&result=OK&kind=x&encoding=sjis&other=1' +
  '&amount=3千&min=-5&max=1.5&timeFrom=24:00&timeTo=9:30';
const DEFAULTED: Record<string, Record<string, unknown>> = {
  Transaction: { ...MONTH, page: 1, tab: 'histories', type: undefined, id: undefined, ...NO_FILTERS },
  RequestPayment: { ...MONTH, page: 1 },
  UrlPayment: { ...MONTH, page: 1, status: undefined },
  InvoicePayment: { ...MONTH, page: 1, status: undefined },
  Coupon: { ...MONTH, page: 1, status: undefined },
  BookTicketUseHistory: { ...MONTH, page: 1 },
  Subscriptions: { ...MONTH, page: 1, status: undefined },
  AutomaticPaymentHistory: { ...MONTH, page: 1, result: undefined },
  UtilityBillsQrHistories: { ...MONTH, page: 1, status: undefined },
  Refund: { ...MONTH, page: 1, status: undefined },
  // The payments to refund default to the last 30 days.
  RequestRefund: { from: '2026-03-03', to: '2026-04-01', page: 1, id: undefined, ...NO_FILTERS },
  Reload: { ...MONTH, page: 1 },
  MerchantRebate: { ...MONTH, page: 1 },
  WithdrawalInfo: { ...MONTH, page: 1 },
  WithdrawalInfoMerchant: { ...MONTH, page: 1 },
  MerchantUser: { page: 1 },
  OperationHistory: { ...MONTH, page: 1, user: undefined, kind: undefined },
  DownloadFile: { kind: 'histories', ...MONTH, encoding: 'cp932' },
  DownloadUtilityBillsData: { ...MONTH, encoding: 'cp932' },
};

describe('each list route validates its own search', () => {
  const names = Object.keys(ROUTE_SEARCHES);

  it('names routes of the contract table, and every one is tested below', () => {
    const routeNames = new Set<string>(APP_ROUTES.map((route) => route.name));
    for (const name of names) expect(routeNames.has(name), name).toBe(true);
    expect(Object.keys(VALID).sort()).toEqual([...names].sort());
    expect(Object.keys(DEFAULTED).sort()).toEqual([...names].sort());
  });

  it.each(Object.entries(VALID))('%s reads its valid values, typed', (name, [query, expected]) => {
    expect(parse(name, query)).toStrictEqual(expected);
  });

  it.each(Object.entries(DEFAULTED))('%s drops invalid values and unknown keys', (name, expected) => {
    // toStrictEqual: an invalid filter is there as undefined, so the route's search overrides the URL's.
    expect(parse(name, BAD)).toStrictEqual(expected);
  });

  it.each(names)('%s is idempotent and round-trips through the URL', (name) => {
    const parser = searchParserOf(name);
    const [query] = VALID[name] ?? [''];
    if (!parser) throw new Error(name);
    const once = parser(parseSearch(query), NOW);
    expect(parser(once, NOW)).toStrictEqual(once);
    expect(parser(parseSearch(stringifySearch(once)), NOW)).toStrictEqual(once);
  });

  it('keeps filters to their page: a Refund status is no Coupon status', () => {
    expect(parse('Refund', '?status=REQUESTED').status).toBe('REQUESTED');
    expect(parse('Coupon', '?status=REQUESTED').status).toBeUndefined();
    expect(parse('Transaction', '?id=007&tab=comments')).toMatchObject({ id: 7, tab: 'comments' });
  });
});
