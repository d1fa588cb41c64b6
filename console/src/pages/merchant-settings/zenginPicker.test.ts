import { describe, expect, it, vi } from 'vitest';
import { zenginKeys } from '@/api/merchantSettings';
import { ZENGIN_DIGITS } from './bankAccountForm';
import { entryOf, isSameList, pickerListOf, pickerTyping, searchTermOf } from './zenginPicker';

// The query keys come from the API module; its client needs a browser.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

const gunma = { code: '0128', name: '群馬銀行', kana: 'グンマ' };
const ashikaga = { code: '0129', name: '足利銀行', kana: 'アシカガ' };

describe('pickerTyping: what the input shows as it is typed', () => {
  it('makes a code half-width digits without separators, as the code fields did', () => {
    expect(pickerTyping('０１２８')).toBe('0128');
    expect(pickerTyping('０１ ２８')).toBe('0128');
    expect(pickerTyping('1,12')).toBe('112');
  });

  it('leaves a name as typed, in any script', () => {
    for (const name of ['ぐんま', 'グンマ', 'ｸﾞﾝﾏ', '群馬 銀行', 'gunma', 'Gunma', '01ぐ']) {
      expect(pickerTyping(name)).toBe(name);
    }
    expect(pickerTyping('')).toBe('');
  });
});

describe('searchTermOf: what the list is searched with', () => {
  it('searches a name, or the first digits of a code', () => {
    expect(searchTermOf('ぐんま', ZENGIN_DIGITS.bankCode)).toBe('ぐんま');
    expect(searchTermOf(' gunma ', ZENGIN_DIGITS.bankCode)).toBe('gunma');
    expect(searchTermOf('012', ZENGIN_DIGITS.bankCode)).toBe('012');
    expect(searchTermOf('11', ZENGIN_DIGITS.branchCode)).toBe('11');
  });

  it('does not search an empty input, nor a code typed in full (it is looked up)', () => {
    expect(searchTermOf('', ZENGIN_DIGITS.bankCode)).toBeNull();
    expect(searchTermOf('　 ', ZENGIN_DIGITS.bankCode)).toBeNull();
    expect(searchTermOf('0128', ZENGIN_DIGITS.bankCode)).toBeNull();
    expect(searchTermOf('112', ZENGIN_DIGITS.branchCode)).toBeNull();
    // A branch code's length is not a bank code's: 112 is the start of bank codes.
    expect(searchTermOf('112', ZENGIN_DIGITS.bankCode)).toBe('112');
    expect(searchTermOf('01280', ZENGIN_DIGITS.bankCode)).toBe('01280');
  });
});

describe('pickerListOf: what the list under the input shows', () => {
  const idle = { isError: false, data: undefined };

  it('is closed without a term, and says why when there is nothing to search in yet', () => {
    expect(pickerListOf(null, true, { isError: false, data: { entries: [gunma], more: false } })).toEqual({
      state: 'closed',
    });
    expect(pickerListOf('まえばし', false, idle)).toEqual({ state: 'unavailable' });
  });

  it('is searching until an answer comes, then shows it, or that nothing matched, or that the search failed', () => {
    expect(pickerListOf('ぐんま', true, idle)).toEqual({ state: 'searching' });
    expect(pickerListOf('ぐんま', true, { isError: false, data: { entries: [gunma, ashikaga], more: true } })).toEqual({
      state: 'found',
      entries: [gunma, ashikaga],
      more: true,
    });
    expect(pickerListOf('ぐんま', true, { isError: false, data: { entries: [], more: false } })).toEqual({
      state: 'none',
    });
    expect(pickerListOf('ぐんま', true, { isError: true, data: undefined })).toEqual({ state: 'failed' });
  });

  it('finds the entry of a chosen option by its code', () => {
    const list = pickerListOf('01', true, { isError: false, data: { entries: [gunma, ashikaga], more: false } });
    expect(entryOf(list, '0129')).toEqual(ashikaga);
    expect(entryOf(list, '9999')).toBeUndefined();
    expect(entryOf({ state: 'searching' }, '0128')).toBeUndefined();
  });
});

describe('isSameList: whether the previous answer may show while the next text is searched', () => {
  it('keeps the list of the same bank or of the banks, not of another bank', () => {
    expect(isSameList(zenginKeys.bankSearch('ぐ'), zenginKeys.bankSearch('ぐん'))).toBe(true);
    expect(isSameList(zenginKeys.branchSearch('0128', 'ま'), zenginKeys.branchSearch('0128', 'まえ'))).toBe(true);
    expect(isSameList(zenginKeys.branchSearch('0128', 'ま'), zenginKeys.branchSearch('0129', 'ま'))).toBe(false);
    expect(isSameList(zenginKeys.bankSearch('ま'), zenginKeys.branchSearch('0128', 'ま'))).toBe(false);
  });
});
