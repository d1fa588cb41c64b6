import { accountNumberSchema, bankAccountBodySchema, bankCodeSchema, branchCodeSchema } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import {
  type BankAccountValues,
  bankAccountRefusal,
  bankAccountValuesOf,
  confirmBankAccount,
  digitsTyping,
  isCompleteCode,
  isSearchText,
  type Lookup,
  lookupOf,
  padAccountNumber,
  ZENGIN_DIGITS,
} from './bankAccountForm';

const texts = {
  bankNotFound: 'NO_BANK',
  branchNotFound: 'NO_BRANCH',
  failed: 'LOOKUP_FAILED',
  waiting: 'WAIT',
  unpickedBank: 'CHOOSE_BANK',
  unpickedBranch: 'CHOOSE_BRANCH',
};
const found = (name: string): Lookup => ({ state: 'found', name });
const values: BankAccountValues = {
  bankCode: '0128',
  branchCode: '112',
  accountType: 'ORDINARY',
  accountNumber: '4567',
  holderName: 'やまだ　たろう',
};
const lookups = { bank: found('群馬銀行'), branch: found('前橋支店') };
const confirm = (patch: Partial<BankAccountValues> = {}, looked = lookups) =>
  confirmBankAccount({ ...values, ...patch }, bankAccountBodySchema, looked, texts);

describe('the Zengin formats', () => {
  it("are the lengths the contract's schemas accept", () => {
    const digits = (n: number) => '1'.repeat(n);
    for (const [schema, length] of [
      [bankCodeSchema, ZENGIN_DIGITS.bankCode],
      [branchCodeSchema, ZENGIN_DIGITS.branchCode],
    ] as const) {
      expect(schema.safeParse(digits(length)).success).toBe(true);
      expect(schema.safeParse(digits(length - 1)).success).toBe(false);
      expect(schema.safeParse(digits(length + 1)).success).toBe(false);
    }
    expect(accountNumberSchema.parse('1')).toHaveLength(ZENGIN_DIGITS.accountNumber);
    expect(accountNumberSchema.safeParse(digits(ZENGIN_DIGITS.accountNumber + 1)).success).toBe(false);
  });
});

describe('codes and numbers as typed', () => {
  it('take full-width digits and drop spaces', () => {
    expect(digitsTyping('０１２８')).toBe('0128');
    expect(digitsTyping('１ １２')).toBe('112');
    expect(digitsTyping('12a')).toBe('12a');
  });

  it('are looked up only once complete', () => {
    expect(isCompleteCode('0128', ZENGIN_DIGITS.bankCode)).toBe(true);
    expect(isCompleteCode('012', ZENGIN_DIGITS.bankCode)).toBe(false);
    expect(isCompleteCode('01280', ZENGIN_DIGITS.bankCode)).toBe(false);
    expect(isCompleteCode('01a8', ZENGIN_DIGITS.bankCode)).toBe(false);
  });

  it('pad a short account number with zeros on leaving the field, and leave anything else', () => {
    expect(padAccountNumber('4567')).toBe('0004567');
    expect(padAccountNumber('1234567')).toBe('1234567');
    expect(padAccountNumber('12345678')).toBe('12345678');
    expect(padAccountNumber('')).toBe('');
    expect(padAccountNumber('12a')).toBe('12a');
  });

  it('start from the registered account, the number to be typed again', () => {
    expect(
      bankAccountValuesOf({
        bank_code: '0128',
        bank_name: '群馬銀行',
        branch_code: '112',
        branch_name: '前橋支店',
        account_type: 'SAVINGS',
        number_masked: '***4567',
        holder_name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
        updated_at: '2026-04-01T01:00:00.000Z',
      }),
    ).toEqual({ ...values, accountType: 'SAVINGS', accountNumber: '', holderName: 'ﾔﾏﾀﾞ ﾀﾛｳ' });
    expect(bankAccountValuesOf(null)).toEqual({
      bankCode: '',
      branchCode: '',
      accountType: 'ORDINARY',
      accountNumber: '',
      holderName: '',
    });
  });
});

describe('the Zengin look-ups', () => {
  const query = (patch: object) => ({ isSuccess: false, isError: false, data: undefined, error: null, ...patch });

  it('say nothing before the code is complete, then checking, found, not found or failed', () => {
    expect(lookupOf(query({}), false)).toEqual({ state: 'idle' });
    expect(lookupOf(query({}), true)).toEqual({ state: 'checking' });
    expect(lookupOf(query({ isSuccess: true, data: { code: '0128', name: '群馬銀行', kana: 'ｸﾞﾝﾏ' } }), true)).toEqual(
      found('群馬銀行'),
    );
    const notFound = new ApiError(404, { type: 'not_found', message: '' });
    expect(lookupOf(query({ isError: true, error: notFound }), true)).toEqual({ state: 'notFound' });
    expect(lookupOf(query({ isError: true, error: new Error('offline') }), true)).toEqual({ state: 'failed' });
  });
});

describe('confirmBankAccount: the step to the confirm screen', () => {
  it('shows what will be registered: the number padded, the name in Zengin katakana, the names found', () => {
    expect(confirm()).toEqual({
      ok: true,
      confirmed: {
        body: {
          bank_code: '0128',
          branch_code: '112',
          account_type: 'ORDINARY',
          account_number: '0004567',
          holder_name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
        },
        bankName: '群馬銀行',
        branchName: '前橋支店',
      },
    });
  });

  it("refuses with the contract's messages, field by field", () => {
    const result = confirm(
      { bankCode: '12', accountNumber: '12345678', holderName: '' },
      {
        bank: { state: 'idle' },
        branch: { state: 'idle' },
      },
    );
    expect(result).toEqual({
      ok: false,
      problems: {
        bankCode: '金融機関コードは4桁の数字で入力してください',
        accountNumber: '口座番号は7桁以内の数字で入力してください',
        holderName: '口座名義（カナ）を入力してください',
      },
    });
  });

  it('asks to choose from the list when a name was typed but no entry chosen', () => {
    expect(isSearchText('ぐんま')).toBe(true);
    expect(isSearchText('01a8')).toBe(true);
    expect(isSearchText('0128')).toBe(false);
    expect(isSearchText('')).toBe(false);
    expect(
      confirm({ bankCode: 'ぐんま', branchCode: 'まえばし' }, { bank: { state: 'idle' }, branch: { state: 'idle' } }),
    ).toEqual({ ok: false, problems: { bankCode: 'CHOOSE_BANK', branchCode: 'CHOOSE_BRANCH' } });
    expect(confirm({ branchCode: 'まえ' }, { bank: found('群馬銀行'), branch: { state: 'idle' } })).toEqual({
      ok: false,
      problems: { branchCode: 'CHOOSE_BRANCH' },
    });
  });

  it('refuses a code the Zengin list does not have, and waits for a look-up under way', () => {
    expect(confirm({}, { bank: { state: 'notFound' }, branch: { state: 'idle' } })).toEqual({
      ok: false,
      problems: { bankCode: 'NO_BANK' },
    });
    expect(confirm({}, { bank: found('群馬銀行'), branch: { state: 'notFound' } })).toEqual({
      ok: false,
      problems: { branchCode: 'NO_BRANCH' },
    });
    expect(confirm({}, { bank: found('群馬銀行'), branch: { state: 'checking' } })).toEqual({
      ok: false,
      problems: { branchCode: 'WAIT' },
    });
    expect(confirm({}, { bank: { state: 'failed' }, branch: { state: 'idle' } })).toEqual({
      ok: false,
      problems: { bankCode: 'LOOKUP_FAILED' },
    });
  });
});

describe('bankAccountRefusal', () => {
  it('puts a 400 on the field it names, with its message', () => {
    const error = new ApiError(400, {
      type: 'invalid_request',
      message: '支店コードが見つかりません',
      field: 'branch_code',
    });
    expect(bankAccountRefusal(error, 'INVALID')).toEqual({ branchCode: '支店コードが見つかりません' });
    const english = new ApiError(400, { type: 'invalid_request', message: 'bad', field: 'holder_name' });
    expect(bankAccountRefusal(english, 'INVALID')).toEqual({ holderName: 'INVALID' });
  });

  it('leaves other failures to the confirm step', () => {
    expect(bankAccountRefusal(new ApiError(403, { type: 'forbidden', message: '' }), 'INVALID')).toBeNull();
    expect(
      bankAccountRefusal(new ApiError(400, { type: 'invalid_request', message: 'x', field: 'other' }), 'x'),
    ).toBeNull();
  });
});
