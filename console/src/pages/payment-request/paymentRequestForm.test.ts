import { MAX_PAYMENT_AMOUNT, type PaymentPayee, type PaymentRate } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import {
  checkPayment,
  keptRateType,
  otherPayees,
  PAYMENT_COMMENT_MAX,
  rateChoices,
  totalProblem,
} from './paymentRequestForm';

const payees: PaymentPayee[] = [
  { merchant_id: 1, name: 'めぶくカフェ 本店', wallet_no: '2000000001', merchant_group_id: 1 },
  { merchant_id: 2, name: 'めぶくカフェ 駅前店', wallet_no: '2000000002', merchant_group_id: 1 },
  { merchant_id: 3, name: 'まちのパン屋', wallet_no: '2000000003', merchant_group_id: null },
];
const rates: PaymentRate[] = [
  { type: 'STANDARD', label: '通常', rate_bp: 100, group_only: false },
  { type: 'GROUP', label: 'グループ内', rate_bp: 0, group_only: true },
];

describe('otherPayees', () => {
  it('leaves out the paying merchant', () => {
    expect(otherPayees(payees, 1).map((payee) => payee.merchant_id)).toEqual([2, 3]);
  });
});

describe('rateChoices', () => {
  const available = (payee: PaymentPayee | undefined, ownGroupId: number | null) =>
    rateChoices(rates, payee, ownGroupId).map((choice) => [choice.rate.type, choice.available]);

  it('offers a group-only rate for a payee of the same group only', () => {
    expect(available(payees[1], 1)).toEqual([
      ['STANDARD', true],
      ['GROUP', true],
    ]);
    expect(available(payees[2], 1)).toEqual([
      ['STANDARD', true],
      ['GROUP', false],
    ]);
  });

  it('never matches a missing group or a missing payee', () => {
    expect(available(payees[2], null)[1]).toEqual(['GROUP', false]);
    expect(available(undefined, 1)[1]).toEqual(['GROUP', false]);
  });
});

describe('keptRateType', () => {
  it('keeps the current rate while it applies, else falls back to the first that does', () => {
    expect(keptRateType(rateChoices(rates, payees[1], 1), 'GROUP')).toBe('GROUP');
    expect(keptRateType(rateChoices(rates, payees[2], 1), 'GROUP')).toBe('STANDARD');
    expect(keptRateType(rateChoices(rates, payees[2], 1), '')).toBe('STANDARD');
    expect(keptRateType([], 'GROUP')).toBe('');
  });
});

describe('checkPayment', () => {
  const context = { payees: otherPayees(payees, 1), rates, ownGroupId: 1, coins: [{ id: 1, balance: 10_000 }] };
  const valid = { payeeId: '2', coinId: '1', rateType: 'GROUP', amount: '５，０００', comment: '  4月分  ' };

  it('answers the request body of valid input, normalised', () => {
    expect(checkPayment(valid, context)).toEqual({
      ok: true,
      body: { to_merchant_id: 2, coin_id: 1, amount: 5000, type: 'GROUP', comment: '4月分' },
    });
  });

  it('sends no comment when none is written', () => {
    const check = checkPayment({ ...valid, comment: '　 ' }, context);
    expect(check.ok && 'comment' in check.body).toBe(false);
  });

  it('names every problem at once', () => {
    expect(checkPayment({ payeeId: '', coinId: '', rateType: '', amount: '', comment: '' }, context)).toEqual({
      ok: false,
      problems: { payeeId: 'payeeRequired', coinId: 'coinRequired', rateType: 'rateRequired', amount: 'required' },
    });
  });

  it('refuses paying oneself and a coin that is not transferable', () => {
    expect(checkPayment({ ...valid, payeeId: '1' }, context)).toMatchObject({
      ok: false,
      problems: { payeeId: 'payeeRequired' },
    });
    expect(checkPayment({ ...valid, coinId: '2' }, context)).toEqual({
      ok: false,
      problems: { coinId: 'coinRequired' },
    });
  });

  it('refuses a group-only rate for a payee of another group', () => {
    expect(checkPayment({ ...valid, payeeId: '3' }, context)).toEqual({
      ok: false,
      problems: { rateType: 'rateUnavailable' },
    });
  });

  it('refuses an amount over the balance or over the maximum', () => {
    expect(checkPayment({ ...valid, amount: '10001' }, context)).toEqual({
      ok: false,
      problems: { amount: { kind: 'overBalance', balance: 10_000 } },
    });
    const rich = { ...context, coins: [{ id: 1, balance: MAX_PAYMENT_AMOUNT * 2 }] };
    expect(checkPayment({ ...valid, amount: String(MAX_PAYMENT_AMOUNT + 1) }, rich)).toEqual({
      ok: false,
      problems: { amount: 'max' },
    });
    expect(checkPayment({ ...valid, amount: '10000' }, context).ok).toBe(true);
  });

  it('refuses a comment longer than the limit', () => {
    expect(checkPayment({ ...valid, comment: 'あ'.repeat(PAYMENT_COMMENT_MAX + 1) }, context)).toEqual({
      ok: false,
      problems: { comment: 'commentTooLong' },
    });
    expect(checkPayment({ ...valid, comment: 'あ'.repeat(PAYMENT_COMMENT_MAX) }, context).ok).toBe(true);
  });
});

describe('totalProblem', () => {
  it('refuses amount + fee over the balance', () => {
    expect(totalProblem(10_100, 10_000)).toEqual({ kind: 'overBalance', balance: 10_000 });
    expect(totalProblem(10_000, 10_000)).toBeNull();
  });
});
