import { describe, expect, it } from 'vitest';
import { contractFieldErrors } from './MoneyForm';

const RELOAD_FIELDS = { wallet_no: 'walletNo', coin_id: 'coinId', amount: 'amount' } as const;

describe("contractFieldErrors (the contract's schema of a money call's body)", () => {
  it('says nothing of a body the contract takes', async () => {
    const body = { wallet_no: '1234567890', coin_id: 1, amount: 1000 };
    expect(await contractFieldErrors('createReload', body, RELOAD_FIELDS, 'amount', '誤り')).toEqual({});
  });

  it("puts each issue on its form field in the contract's words, its limits included", async () => {
    const body = { wallet_no: '12345', coin_id: 1, amount: 100_001 };
    expect(await contractFieldErrors('createReload', body, RELOAD_FIELDS, 'amount', '誤り')).toEqual({
      walletNo: '10桁の数字で指定してください',
      amount: '100,000以下の金額を指定してください',
    });
  });

  it('gives a field the form does not have to `otherField`, and an English message the fallback', async () => {
    const errors = await contractFieldErrors('confirmRefund', { transaction_id: 0, amount: 5 }, {}, 'amount', '誤り');
    expect(errors).toEqual({ amount: '誤り' });
  });
});
