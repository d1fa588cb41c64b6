import { describe, expect, it } from 'vitest';
import { applySearchPatch } from '@/components/useListSearch';
import {
  idOf,
  listSearch,
  parseSearch,
  pickOne,
  plainSearch,
  stringifySearch,
  thisMonth,
  withoutDefaults,
} from './search';

// 2026-03-31 15:30 UTC is 2026-04-01 00:30 in Tokyo.
const NOW = new Date('2026-03-31T15:30:00Z');

describe('listSearch (period and page)', () => {
  it('defaults to this Asia/Tokyo month and page 1', () => {
    expect(thisMonth(NOW)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(listSearch({}, NOW)).toEqual({ from: '2026-04-01', to: '2026-04-01', page: 1 });
  });

  it('keeps a valid period and page, and nothing else', () => {
    const raw = parseSearch('?from=2026-02-01&to=2026-02-28&page=3&type=PAYMENT&id=42');
    expect(listSearch(raw, NOW)).toEqual({ from: '2026-02-01', to: '2026-02-28', page: 3 });
  });

  it.each([
    // An impossible day is replaced by this month's first day; the pair is then put in order.
    [{ from: '2026-02-30', to: '2026-03-01' }, '2026-03-01', '2026-04-01'],
    [{ from: 'yesterday', to: '2026-03-10' }, '2026-03-10', '2026-04-01'],
    [{ from: '2026-03-20', to: '2026-03-01' }, '2026-03-01', '2026-03-20'],
  ])('repairs a bad period %j', (raw, from, to) => {
    const search = listSearch(raw, NOW);
    expect([search.from, search.to]).toEqual([from, to]);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '99999999999999999999'])('page %j becomes 1', (page) => {
    expect(listSearch({ page }, NOW).page).toBe(1);
  });

  it('round-trips through the URL', () => {
    const search = listSearch({ from: '2026-01-05', to: '2026-01-31', page: 2 }, NOW);
    expect(listSearch(parseSearch(stringifySearch(search)), NOW)).toEqual(search);
  });
});

describe('pickOne and idOf', () => {
  it('accepts only the allowed values', () => {
    expect(pickOne('A', ['A', 'B'] as const)).toBe('A');
    expect(pickOne('C', ['A', 'B'] as const)).toBeUndefined();
    expect(pickOne(1, ['A'] as const)).toBeUndefined();
  });

  it('reads a positive id written in digits, or its number', () => {
    expect(idOf('123')).toBe(123);
    expect(idOf(123)).toBe(123);
    for (const id of ['abc', '0', '-3', '1e5', '12345678901234567', '', undefined, 1.5])
      expect(idOf(id)).toBeUndefined();
  });
});

describe('withoutDefaults (what the router writes back to the URL)', () => {
  it('leaves out the values the parser only defaulted', () => {
    const month = thisMonth(NOW);
    expect(withoutDefaults(listSearch, { ...month, page: 1, x: 'kept' }, NOW)).toEqual({ x: 'kept' });
    expect(withoutDefaults(listSearch, { ...month, page: 2 }, NOW)).toEqual({ page: 2 });
  });

  it('keeps a period that is not the default one, as a pair', () => {
    const set = { from: '2026-04-01', to: '2026-03-31', page: 1 };
    expect(withoutDefaults(listSearch, set, NOW)).toEqual({ from: '2026-04-01', to: '2026-03-31' });
    expect(withoutDefaults(listSearch, { from: '2026-03-01', to: '2026-04-01' }, NOW)).toEqual({
      from: '2026-03-01',
      to: '2026-04-01',
    });
  });
});

describe('applySearchPatch', () => {
  it('goes back to page 1 on a new filter and drops empty values', () => {
    expect(applySearchPatch({ from: '2026-01-01', page: 4, type: 'FEE' }, { type: undefined })).toEqual({
      from: '2026-01-01',
    });
    expect(applySearchPatch({ from: '2026-01-01', page: 4 }, { type: '' })).toEqual({ from: '2026-01-01' });
  });

  it('keeps the page the patch names', () => {
    expect(applySearchPatch({ type: 'FEE' }, { page: 3 })).toEqual({ type: 'FEE', page: 3 });
  });
});

describe('plainSearch', () => {
  it('gives the query as strings: a number as its text, anything else left out', () => {
    expect(plainSearch({ token: 'abc', page: 2, flag: true, nested: { a: 1 }, none: undefined })).toEqual({
      token: 'abc',
      page: '2',
    });
  });
});

describe('applySearchPatch keeps the URL plain', () => {
  it('drops values that are neither strings nor numbers', () => {
    expect(applySearchPatch({ from: '2026-01-01', page: 3, odd: { a: 1 }, flag: true }, { status: 'PAID' })).toEqual({
      from: '2026-01-01',
      status: 'PAID',
    });
  });
});
