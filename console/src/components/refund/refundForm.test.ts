import { REFUND_REASON_MAX_LENGTH } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { checkRefund, initialRefundValues, type RefundTarget } from './refundForm';

const payment: RefundTarget = {
  transaction_id: 4812,
  created_at: '2026-11-20T01:00:00.000Z',
  coin_name: 'めぶくコイン',
  amount: 3000,
  refundable_remaining: 1200,
};

describe('the refund form', () => {
  it('starts with what is left to refund, shown with separators, and no reason', () => {
    expect(initialRefundValues(payment)).toEqual({ amount: '1,200', reason: '' });
  });

  it('asks for what is left, or less: typed full-width and with separators', () => {
    expect(checkRefund({ amount: '１，２００', reason: '' }, payment)).toEqual({
      ok: true,
      body: { transaction_id: 4812, amount: 1200 },
    });
    expect(checkRefund({ amount: '1,201', reason: '' }, payment)).toEqual({ ok: false, problems: { amount: 'max' } });
    expect(checkRefund({ amount: '', reason: '' }, payment)).toEqual({ ok: false, problems: { amount: 'required' } });
    expect(checkRefund({ amount: '0', reason: '' }, payment)).toEqual({ ok: false, problems: { amount: 'positive' } });
    expect(checkRefund({ amount: '12a', reason: '' }, payment)).toEqual({ ok: false, problems: { amount: 'invalid' } });
  });

  it('sends the reason trimmed, none when blank, and refuses one too long', () => {
    const ok = checkRefund({ amount: '500', reason: '  返品のため\u3000' }, payment);
    expect(ok).toEqual({ ok: true, body: { transaction_id: 4812, amount: 500, reason: '返品のため' } });
    expect(checkRefund({ amount: '500', reason: ' \n ' }, payment)).toEqual({
      ok: true,
      body: { transaction_id: 4812, amount: 500 },
    });
    const longest = 'あ'.repeat(REFUND_REASON_MAX_LENGTH);
    expect(checkRefund({ amount: '500', reason: longest }, payment).ok).toBe(true);
    // Both problems at once: the form marks both fields, the first takes focus.
    expect(checkRefund({ amount: '', reason: `${longest}あ` }, payment)).toEqual({
      ok: false,
      problems: { amount: 'required', reason: 'tooLong' },
    });
  });
});
