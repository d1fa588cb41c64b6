import {
  MAX_PAYMENT_AMOUNT,
  type MerchantPaymentBody,
  PAYMENT_COMMENT_MAX,
  type PaymentPayee,
  type PaymentRate,
} from '@coin/contract';
import { type AmountProblem, parseAmount } from '@/components/typedNumber';

/** The longest comment the server takes (the contract's limit), re-exported for the form and its tests. */
export { PAYMENT_COMMENT_MAX };

/** Every merchant but the paying one (the server answers them all and refuses paying oneself). */
export const otherPayees = (payees: readonly PaymentPayee[], ownMerchantId: number): PaymentPayee[] =>
  payees.filter((payee) => payee.merchant_id !== ownMerchantId);

export interface RateChoice {
  rate: PaymentRate;
  /** A group-only rate applies only to a payee of the payer's own merchant group. */
  available: boolean;
}

export const isSameGroup = (payee: PaymentPayee | undefined, ownGroupId: number | null): boolean =>
  payee !== undefined && ownGroupId !== null && payee.merchant_group_id === ownGroupId;

export function rateChoices(
  rates: readonly PaymentRate[],
  payee: PaymentPayee | undefined,
  ownGroupId: number | null,
): RateChoice[] {
  const sameGroup = isSameGroup(payee, ownGroupId);
  return rates.map((rate) => ({ rate, available: !rate.group_only || sameGroup }));
}

/** The rate to keep selected: the current one while it applies, else the first that does. */
export function keptRateType(choices: readonly RateChoice[], current: string): string {
  if (choices.some((choice) => choice.available && choice.rate.type === current)) return current;
  return choices.find((choice) => choice.available)?.rate.type ?? '';
}

export interface PaymentValues {
  /** Select values: '' when nothing is chosen. */
  payeeId: string;
  coinId: string;
  rateType: string;
  amount: string;
  comment: string;
}

export type PaymentField = keyof PaymentValues;

/** The form field of each field of the request body (a refusal or the contract's schema names it). */
export const PAYMENT_FIELD_OF: Readonly<Record<string, PaymentField>> = {
  to_merchant_id: 'payeeId',
  coin_id: 'coinId',
  amount: 'amount',
  type: 'rateType',
  comment: 'comment',
};

export const EMPTY_PAYMENT_VALUES: PaymentValues = { payeeId: '', coinId: '', rateType: '', amount: '', comment: '' };

export interface PaymentContext {
  /** The payees offered (the paying merchant already left out). */
  payees: readonly PaymentPayee[];
  rates: readonly PaymentRate[];
  ownGroupId: number | null;
  /** The wallet's transferable coins with their balances. */
  coins: readonly { id: number; balance: number }[];
}

export type OverBalance = { kind: 'overBalance'; balance: number };

export type PaymentProblems = {
  payeeId?: 'payeeRequired';
  coinId?: 'coinRequired';
  rateType?: 'rateRequired' | 'rateUnavailable';
  amount?: AmountProblem | OverBalance;
  comment?: 'commentTooLong';
};

export type PaymentCheck = { ok: true; body: MerchantPaymentBody } | { ok: false; problems: PaymentProblems };

/**
 * What the console checks before asking for the fee (the server checks it all again). The fee is
 * not known yet, so the amount alone must fit the balance here; `totalProblem` checks amount + fee.
 */
export function checkPayment(values: PaymentValues, context: PaymentContext): PaymentCheck {
  const problems: PaymentProblems = {};
  const payee = context.payees.find((candidate) => String(candidate.merchant_id) === values.payeeId);
  if (!payee) problems.payeeId = 'payeeRequired';

  const coin = context.coins.find((candidate) => String(candidate.id) === values.coinId);
  if (!coin) problems.coinId = 'coinRequired';

  const choice = rateChoices(context.rates, payee, context.ownGroupId).find(
    (candidate) => candidate.rate.type === values.rateType,
  );
  if (!choice) problems.rateType = 'rateRequired';
  else if (payee && !choice.available) problems.rateType = 'rateUnavailable';

  const amount = parseAmount(values.amount, MAX_PAYMENT_AMOUNT);
  if (!amount.ok) problems.amount = amount.problem;
  else if (coin && amount.value > coin.balance) problems.amount = { kind: 'overBalance', balance: coin.balance };

  const comment = values.comment.trim();
  if (comment.length > PAYMENT_COMMENT_MAX) problems.comment = 'commentTooLong';

  if (Object.keys(problems).length > 0 || !payee || !coin || !choice || !amount.ok) return { ok: false, problems };
  return {
    ok: true,
    body: {
      to_merchant_id: payee.merchant_id,
      coin_id: coin.id,
      amount: amount.value,
      type: choice.rate.type,
      ...(comment === '' ? {} : { comment }),
    },
  };
}

/** Amount and fee together must fit the balance of the coin. */
export const totalProblem = (total: number, balance: number): OverBalance | null =>
  total > balance ? { kind: 'overBalance', balance } : null;
