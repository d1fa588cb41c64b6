// The transaction history's search with the amount and time-of-day filters (issue 25): read from the
// URL, written back to it, and turned into the list's call and its CSV.
import { describe, expect, it, vi } from 'vitest';
import { walletKeys } from '@/api/wallets';
import { activeHistoryFilters, historyFilterQuery } from '@/components/historyFilters';
import { applySearchPatch } from '@/components/useListSearch';
import { NO_HISTORY_FILTERS, parseSearch, stringifySearch, withoutDefaults } from '@/router/search';
import { transactionListQuery } from './transactionQueries';
import { transactionSearch } from './transactionSearch';

// The app's client needs a browser: nothing here calls the server.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

// 2026-03-31 15:30 UTC is 2026-04-01 00:30 in Tokyo.
const NOW = new Date('2026-03-31T15:30:00Z');
const read = (query: string) => transactionSearch(parseSearch(query), NOW);

describe('the amount and time-of-day filters in the URL', () => {
  it('reads an exact amount and a time window', () => {
    expect(read('?amount=3000&timeFrom=12:00&timeTo=13:30')).toMatchObject({
      amount: 3000,
      min: undefined,
      max: undefined,
      timeFrom: '12:00',
      timeTo: '13:30',
    });
  });

  it('reads a range with either end alone', () => {
    expect(read('?min=1000&max=5000')).toMatchObject({ amount: undefined, min: 1000, max: 5000 });
    expect(read('?min=1000')).toMatchObject({ min: 1000, max: undefined });
    expect(read('?max=5000')).toMatchObject({ min: undefined, max: 5000 });
    expect(read('?timeTo=09:00')).toMatchObject({ timeFrom: undefined, timeTo: '09:00' });
  });

  it('lets an exact amount win over a range, and puts a reversed range in order', () => {
    expect(read('?amount=3000&min=1000&max=5000')).toMatchObject({ amount: 3000, min: undefined, max: undefined });
    expect(read('?min=5000&max=1000')).toMatchObject({ min: 1000, max: 5000 });
  });

  it('keeps a window across midnight as it is', () => {
    expect(read('?timeFrom=22:00&timeTo=02:00')).toMatchObject({ timeFrom: '22:00', timeTo: '02:00' });
  });

  it.each([
    ['amount', '0'],
    ['amount', '-300'],
    ['amount', '1.5'],
    ['amount', '３０００'],
    ['amount', '1,000'],
    ['min', 'abc'],
    ['max', '12345678901234567'],
    ['timeFrom', '24:00'],
    ['timeFrom', '9:00'],
    ['timeTo', '12:60'],
    ['timeTo', '12:00:00'],
  ])('drops a malformed %s %j', (key, value) => {
    const search = read(`?${key}=${encodeURIComponent(value)}`);
    expect(search[key as keyof typeof search]).toBeUndefined();
  });

  it('is idempotent and round-trips through the URL', () => {
    for (const query of ['?amount=3000&timeFrom=22:00&timeTo=02:00', '?min=1000&page=2&type=PAYMENT', '?max=800']) {
      const once = read(query);
      expect(transactionSearch(once, NOW)).toStrictEqual(once);
      expect(transactionSearch(parseSearch(stringifySearch(once)), NOW)).toStrictEqual(once);
    }
  });

  it('keeps only what was set in the URL, and a new filter starts at page 1', () => {
    const search = read('?amount=3000&page=3');
    expect(withoutDefaults(transactionSearch, search, NOW)).toEqual({ amount: 3000, page: 3 });
    const next = applySearchPatch({ amount: 3000, page: 3 }, { ...NO_HISTORY_FILTERS, min: 1000, timeFrom: '12:00' });
    expect(next).toEqual({ min: 1000, timeFrom: '12:00' });
    expect(stringifySearch(next)).toBe('?min=1000&timeFrom=12%3A00');
    // Clearing them leaves the other filters.
    expect(applySearchPatch({ type: 'PAYMENT', amount: 3000, timeTo: '09:00' }, NO_HISTORY_FILTERS)).toEqual({
      type: 'PAYMENT',
    });
  });

  it('counts the conditions set: the amount once, the time window once', () => {
    expect(activeHistoryFilters(read(''))).toBe(0);
    expect(activeHistoryFilters(read('?amount=3000'))).toBe(1);
    expect(activeHistoryFilters(read('?min=1&max=2&timeFrom=12:00'))).toBe(2);
  });
});

describe('the list and the CSV', () => {
  it('asks the server for the filters of the histories tab, under their own cache key', () => {
    const search = read('?from=2026-03-01&to=2026-03-31&type=PAYMENT&min=1000&max=5000&timeFrom=22:00&timeTo=02:00');
    expect(historyFilterQuery(search)).toEqual({
      amount_min: 1000,
      amount_max: 5000,
      time_from: '22:00',
      time_to: '02:00',
    });
    expect(transactionListQuery('1234567890', search).queryKey).toEqual(
      walletKeys.list('1234567890', {
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        limit: 20,
        offset: 1,
        type: 'PAYMENT',
        amount_min: 1000,
        amount_max: 5000,
        time_from: '22:00',
        time_to: '02:00',
      }),
    );
    expect(historyFilterQuery(read('?amount=3000'))).toEqual({ amount: 3000 });
    expect(historyFilterQuery(read(''))).toEqual({});
  });

  it('leaves them out of the other tabs, which take the period alone', () => {
    const search = read('?tab=comments&amount=3000');
    const key = transactionListQuery('1234567890', search).queryKey;
    expect(JSON.stringify(key)).not.toContain('amount');
  });
});
