// The refund request's payments in the URL (issue 25): the last 30 days unless set, page, id, and the
// amount and time-of-day filters the transaction history takes too.
import { describe, expect, it, vi } from 'vitest';
import { walletKeys } from '@/api/wallets';
import { parseSearch, stringifySearch, withoutDefaults } from '@/router/search';
import { recentPeriod } from './paymentPeriod';
import { refundPaymentsQuery } from './requestRefundQueries';
import { requestRefundSearch } from './requestRefundSearch';

// The app's client needs a browser: nothing here calls the server.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

// 2026-03-31 15:30 UTC is 2026-04-01 00:30 in Tokyo.
const NOW = new Date('2026-03-31T15:30:00Z');
const read = (query: string) => requestRefundSearch(parseSearch(query), NOW);

describe('requestRefundSearch', () => {
  it('defaults to the last 30 days, page 1, no filter, and keeps those defaults out of the URL', () => {
    const search = read('');
    expect(search).toStrictEqual({
      ...recentPeriod(30, NOW),
      page: 1,
      id: undefined,
      amount: undefined,
      min: undefined,
      max: undefined,
      timeFrom: undefined,
      timeTo: undefined,
    });
    expect(search.from).toBe('2026-03-03');
    expect(withoutDefaults(requestRefundSearch, search, NOW)).toEqual({});
  });

  it('reads a range and a time window, and round-trips through the URL', () => {
    const search = read('?from=2026-03-01&to=2026-03-10&page=2&min=500&max=3000&timeFrom=11:30&timeTo=14:00');
    expect(search).toMatchObject({ page: 2, min: 500, max: 3000, timeFrom: '11:30', timeTo: '14:00' });
    expect(requestRefundSearch(parseSearch(stringifySearch(search)), NOW)).toStrictEqual(search);
    expect(withoutDefaults(requestRefundSearch, search, NOW)).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
      page: 2,
      min: 500,
      max: 3000,
      timeFrom: '11:30',
      timeTo: '14:00',
    });
  });

  it('asks for payments only, with the filters, under the list cache key', () => {
    const search = read('?amount=3000&timeFrom=12:00&id=77');
    expect(refundPaymentsQuery('1234567890', search).queryKey).toEqual(
      walletKeys.list('1234567890', {
        start_date: '2026-03-03',
        end_date: '2026-04-01',
        type: 'PAYMENT',
        limit: 20,
        offset: 1,
        transaction_id: 77,
        amount: 3000,
        time_from: '12:00',
      }),
    );
  });
});
