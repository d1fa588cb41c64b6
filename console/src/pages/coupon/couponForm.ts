import {
  COUPON_MAX_RATE_PERCENT,
  COUPON_NAME_MAX,
  COUPON_STOCK_MAX,
  type CouponDiscountType,
  type CreateCouponBody,
  MAX_PAYMENT_AMOUNT,
} from '@coin/contract';
import { isCalendarDay, tokyoDayAfter } from '@/components/typedDay';
import { type AmountProblem, amountDigits, parseAmount } from '@/components/typedNumber';
import { tokyoDay } from '@/router/search';

/** The contract's stock limit, for the form and its tests. */
export { COUPON_STOCK_MAX };

/** A new coupon's default last day, counted from its first day (today). */
export const DEFAULT_COUPON_DAYS = 30;

export interface CouponFormValues {
  name: string;
  discountType: CouponDiscountType;
  /** Yen off (AMOUNT) or percent off (RATE), as typed. */
  discountValue: string;
  /** As typed; empty or 0: no minimum. */
  minPurchase: string;
  /** As typed; empty: no limit. */
  stock: string;
  startsOn: string | null;
  endsOn: string | null;
}

export type NameProblem = 'required' | 'tooLong';
/** `max` of a rate is above COUPON_MAX_RATE_PERCENT; of an amount, above MAX_PAYMENT_AMOUNT. */
export type DiscountProblem = AmountProblem;
export type MinPurchaseProblem = 'invalid' | 'max';
export type StockProblem = 'invalid' | 'positive' | 'max';
export type StartsOnProblem = 'required' | 'invalid' | 'past';
export type EndsOnProblem = 'required' | 'invalid' | 'beforeStart';

export interface CouponFormProblems {
  name?: NameProblem;
  discountValue?: DiscountProblem;
  minPurchase?: MinPurchaseProblem;
  stock?: StockProblem;
  startsOn?: StartsOnProblem;
  endsOn?: EndsOnProblem;
}

export type CouponField = keyof CouponFormValues;

/** A fresh form: an amount off, from today for DEFAULT_COUPON_DAYS days. */
export const emptyCouponForm = (now: Date = new Date()): CouponFormValues => ({
  name: '',
  discountType: 'AMOUNT',
  discountValue: '',
  minPurchase: '',
  stock: '',
  startsOn: tokyoDay(now),
  endsOn: tokyoDayAfter(DEFAULT_COUPON_DAYS, now),
});

/** Counted as the server counts (UTF-16 units of the trimmed text). */
export function nameProblem(name: string): NameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > COUPON_NAME_MAX) return 'tooLong';
  return null;
}

/** The discount as a whole number: 1 to MAX_PAYMENT_AMOUNT yen, or 1 to COUPON_MAX_RATE_PERCENT percent. */
export const parseDiscount = (type: CouponDiscountType, typed: string) =>
  parseAmount(typed, type === 'RATE' ? COUPON_MAX_RATE_PERCENT : MAX_PAYMENT_AMOUNT);

/** The minimum purchase in yen: empty is 0 (no minimum). */
export function parseMinPurchase(
  typed: string,
): { ok: true; value: number } | { ok: false; problem: MinPurchaseProblem } {
  const digits = amountDigits(typed);
  if (digits === '' || /^0+$/.test(digits)) return { ok: true, value: 0 };
  const amount = parseAmount(digits, MAX_PAYMENT_AMOUNT);
  if (amount.ok) return amount;
  return { ok: false, problem: amount.problem === 'max' ? 'max' : 'invalid' };
}

/** The stock (uses in all): empty is null (no limit). */
export function parseStock(typed: string): { ok: true; value: number | null } | { ok: false; problem: StockProblem } {
  const digits = amountDigits(typed);
  if (digits === '') return { ok: true, value: null };
  const stock = parseAmount(digits, COUPON_STOCK_MAX);
  if (stock.ok) return stock;
  return { ok: false, problem: stock.problem === 'required' ? 'invalid' : stock.problem };
}

/** The first day: a real day, today (Asia/Tokyo) or later. */
export function startsOnProblem(day: string | null, now: Date = new Date()): StartsOnProblem | null {
  if (!day) return 'required';
  if (!isCalendarDay(day)) return 'invalid';
  if (day < tokyoDay(now)) return 'past';
  return null;
}

/** The last day: a real day, not before the first. */
export function endsOnProblem(day: string | null, startsOn: string | null): EndsOnProblem | null {
  if (!day) return 'required';
  if (!isCalendarDay(day)) return 'invalid';
  if (startsOn && isCalendarDay(startsOn) && day < startsOn) return 'beforeStart';
  return null;
}

/** The create body, or each field's problem. */
export function checkCouponForm(
  values: CouponFormValues,
  now: Date = new Date(),
): { body: CreateCouponBody } | { problems: CouponFormProblems } {
  const problems: CouponFormProblems = {};
  const name = nameProblem(values.name);
  if (name) problems.name = name;
  const discount = parseDiscount(values.discountType, values.discountValue);
  if (!discount.ok) problems.discountValue = discount.problem;
  const minPurchase = parseMinPurchase(values.minPurchase);
  if (!minPurchase.ok) problems.minPurchase = minPurchase.problem;
  const stock = parseStock(values.stock);
  if (!stock.ok) problems.stock = stock.problem;
  const startsOn = startsOnProblem(values.startsOn, now);
  if (startsOn) problems.startsOn = startsOn;
  const endsOn = endsOnProblem(values.endsOn, values.startsOn);
  if (endsOn) problems.endsOn = endsOn;
  if (!discount.ok || !minPurchase.ok || !stock.ok || Object.keys(problems).length > 0) return { problems };
  return {
    body: {
      name: values.name.trim(),
      discount_type: values.discountType,
      discount_value: discount.value,
      min_purchase: minPurchase.value,
      stock: stock.value,
      starts_on: values.startsOn!,
      ends_on: values.endsOn!,
    },
  };
}

/** The form field a server refusal names (`field` of a 400 answer, the body's snake_case). */
const SERVER_FIELDS: Readonly<Record<string, CouponField>> = {
  name: 'name',
  discount_type: 'discountType',
  discount_value: 'discountValue',
  min_purchase: 'minPurchase',
  stock: 'stock',
  starts_on: 'startsOn',
  ends_on: 'endsOn',
};

export const couponFieldOf = (serverField: string): CouponField | undefined =>
  Object.hasOwn(SERVER_FIELDS, serverField) ? SERVER_FIELDS[serverField] : undefined;

/** What the preview card shows of a form being filled in: each part once it reads, null until then. */
export interface CouponDraft {
  name: string | null;
  discount: { discount_type: CouponDiscountType; discount_value: number } | null;
  minPurchase: number | null;
  /** null: no limit; undefined: not readable yet. */
  stock: number | null | undefined;
  startsOn: string | null;
  endsOn: string | null;
}

export function couponDraft(values: CouponFormValues): CouponDraft {
  const name = values.name.trim();
  const discount = parseDiscount(values.discountType, values.discountValue);
  const minPurchase = parseMinPurchase(values.minPurchase);
  const stock = parseStock(values.stock);
  const day = (value: string | null) => (value && isCalendarDay(value) ? value : null);
  return {
    name: name === '' ? null : name,
    discount: discount.ok ? { discount_type: values.discountType, discount_value: discount.value } : null,
    minPurchase: minPurchase.ok ? minPurchase.value : null,
    stock: stock.ok ? stock.value : undefined,
    startsOn: day(values.startsOn),
    endsOn: day(values.endsOn),
  };
}
