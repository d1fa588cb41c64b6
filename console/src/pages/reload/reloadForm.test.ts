import { MAX_RELOAD_AMOUNT } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { caretAfterRewrite } from '@/components/typedNumber';
import { checkReload, isWalletNoSeparator, walletNoTyping } from './reloadForm';

describe('walletNoTyping', () => {
  it.each([
    ['１２３４５６７８９０', '1234567890'],
    ['1234-5678-90', '1234567890'],
    ['１２３４－５６７８－９０', '1234567890'],
    ['1234 5678　90', '1234567890'],
    ['1234ー5678', '12345678'],
    ['12a4', '12a4'],
    ['', ''],
  ])('%s → %s', (typed, kept) => {
    expect(walletNoTyping(typed)).toBe(kept);
  });

  it('keeps the caret after the same digit when a hyphen is dropped', () => {
    expect(caretAfterRewrite('1234-5', 6, walletNoTyping('1234-5'), isWalletNoSeparator)).toBe(5);
  });
});

const context = {
  ownWalletNo: '9000000001',
  coins: [
    { id: 1, balance: 5000 },
    { id: 4, balance: null },
  ],
};
const valid = { walletNo: '1234-5678-90', coinId: '1', amount: '１，０００' };

describe('checkReload', () => {
  it('answers the request body of valid input, normalised', () => {
    expect(checkReload(valid, context)).toEqual({
      ok: true,
      body: { wallet_no: '1234567890', coin_id: 1, amount: 1000 },
    });
  });

  it('names every problem at once', () => {
    expect(checkReload({ walletNo: '', coinId: '', amount: '' }, context)).toEqual({
      ok: false,
      problems: { walletNo: 'walletNoRequired', coinId: 'coinRequired', amount: 'required' },
    });
  });

  it.each([
    ['123456789', 'walletNoInvalid'],
    ['12345678901', 'walletNoInvalid'],
    ['12345a7890', 'walletNoInvalid'],
    ['9000000001', 'ownWallet'],
  ])('refuses the wallet number %s (%s)', (walletNo, problem) => {
    expect(checkReload({ ...valid, walletNo }, context)).toEqual({ ok: false, problems: { walletNo: problem } });
  });

  it('refuses a coin the merchant cannot reload', () => {
    expect(checkReload({ ...valid, coinId: '2' }, context)).toEqual({
      ok: false,
      problems: { coinId: 'coinRequired' },
    });
  });

  it('refuses more than the maximum and more than the merchant holds', () => {
    expect(checkReload({ ...valid, amount: String(MAX_RELOAD_AMOUNT + 1) }, context)).toEqual({
      ok: false,
      problems: { amount: 'max' },
    });
    expect(checkReload({ ...valid, amount: '5001' }, context)).toEqual({
      ok: false,
      problems: { amount: { kind: 'overBalance', balance: 5000 } },
    });
    expect(checkReload({ ...valid, amount: '5000' }, context).ok).toBe(true);
  });

  it('leaves the balance to the server while it is unknown', () => {
    expect(checkReload({ ...valid, coinId: '4', amount: String(MAX_RELOAD_AMOUNT) }, context)).toEqual({
      ok: true,
      body: { wallet_no: '1234567890', coin_id: 4, amount: MAX_RELOAD_AMOUNT },
    });
  });
});
