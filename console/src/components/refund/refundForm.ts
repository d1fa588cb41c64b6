import { REFUND_REASON_MAX_LENGTH } from '@coin/contract';
import type { RefundBody } from '@/api/refunds';
import { type AmountProblem, amountTyping, parseAmount } from '@/components/typedNumber';

/** What the refund form holds: the amount as typed (shown with separators) and the reason. */
export interface RefundValues {
  amount: string;
  reason: string;
}

/** The payment a refund is requested for, with what is left to refund of it. */
export interface RefundTarget {
  transaction_id: number;
  created_at: string;
  coin_name: string;
  /** The payment's amount. */
  amount: number;
  /** Payment − refunded − requested, as the server answered it. */
  refundable_remaining: number;
}

export type RefundField = keyof RefundValues;

/** The form field of each field of the request body (a refusal or the contract's schema names it). */
export const REFUND_FIELD_OF: Readonly<Record<string, RefundField>> = { amount: 'amount', reason: 'reason' };

export interface RefundProblems {
  amount?: AmountProblem;
  reason?: 'tooLong';
}

/** A new form for the payment: what is left to refund filled in, no reason yet. */
export const initialRefundValues = (payment: RefundTarget): RefundValues => ({
  amount: amountTyping(String(payment.refundable_remaining)),
  reason: '',
});

/**
 * What the console checks before asking the server (which checks everything again): an amount from 1
 * to what is left to refund, a reason of at most REFUND_REASON_MAX_LENGTH characters once trimmed.
 */
export function checkRefund(
  values: RefundValues,
  payment: RefundTarget,
): { ok: true; body: RefundBody } | { ok: false; problems: RefundProblems } {
  const problems: RefundProblems = {};
  const amount = parseAmount(values.amount, payment.refundable_remaining);
  if (!amount.ok) problems.amount = amount.problem;
  const reason = values.reason.trim();
  if (reason.length > REFUND_REASON_MAX_LENGTH) problems.reason = 'tooLong';
  if (!amount.ok || problems.reason) return { ok: false, problems };
  return {
    ok: true,
    body: {
      transaction_id: payment.transaction_id,
      amount: amount.value,
      ...(reason === '' ? {} : { reason }),
    },
  };
}
