import { z } from 'zod';
import {
  AUTOMATIC_PAYMENT_RESULTS,
  COUPON_DISCOUNT_TYPES,
  COUPON_MAX_RATE_PERCENT,
  COUPON_NAME_MAX,
  COUPON_STATUSES,
  COUPON_STOCK_MAX,
  MAX_PAYMENT_AMOUNT,
  SUBSCRIPTION_CYCLES,
  SUBSCRIPTION_STATUSES,
} from './constants';
import { groupedInteger } from './numberText';
import { amountSchema, dateSchema, idSchema, instantSchema, pagedOf, pagedPeriodQuerySchema } from './schemas';

/* Customer programs: coupons, book tickets, subscriptions, automatic payments (the schemas of their calls). */

const wholeAmount = (message: string, max: number) =>
  z
    .number(message)
    .int('整数で指定してください')
    .min(0, '0以上で指定してください')
    .max(max, `${groupedInteger(max)}以下で指定してください`);

/* ---------- coupons ---------- */

export const couponStatusSchema = z.enum(COUPON_STATUSES);
export const couponDiscountTypeSchema = z.enum(COUPON_DISCOUNT_TYPES);
export const couponParamsSchema = z.object({ id: idSchema, coupon_id: idSchema });

/** Coupons valid on some day of the period (Asia/Tokyo days) and those still to start, optionally of one status. */
export const couponsQuerySchema = pagedPeriodQuerySchema.safeExtend({ status: couponStatusSchema.optional() });

export const createCouponBodySchema = z
  .object({
    name: z
      .string('名前を入力してください')
      .trim()
      .min(1, '名前を入力してください')
      .max(COUPON_NAME_MAX, `${COUPON_NAME_MAX}文字以内で入力してください`),
    discount_type: couponDiscountTypeSchema,
    /** Yen off (AMOUNT), or percent off (RATE, 1–90). */
    discount_value: z
      .number('割引を入力してください')
      .int('整数で指定してください')
      .positive('1以上で指定してください'),
    min_purchase: wholeAmount('最低購入金額を入力してください', MAX_PAYMENT_AMOUNT),
    /** How many uses in all; null: no limit. */
    stock: z
      .number()
      .int('整数で指定してください')
      .positive('1以上で指定してください')
      .max(COUPON_STOCK_MAX, `${groupedInteger(COUPON_STOCK_MAX)}以下で指定してください`)
      .nullable(),
    starts_on: dateSchema,
    ends_on: dateSchema,
  })
  .refine((c) => c.starts_on <= c.ends_on, { message: '終了日は開始日以降にしてください', path: ['ends_on'] })
  .refine((c) => c.discount_type === 'AMOUNT' || c.discount_value <= COUPON_MAX_RATE_PERCENT, {
    message: `割引率は${COUPON_MAX_RATE_PERCENT}%以下にしてください`,
    path: ['discount_value'],
  })
  .refine((c) => c.discount_type === 'RATE' || c.discount_value <= MAX_PAYMENT_AMOUNT, {
    message: '割引額が大きすぎます',
    path: ['discount_value'],
  });

export const stopCouponBodySchema = z.object({ status: z.literal('STOPPED') });

export const couponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  discount_type: couponDiscountTypeSchema,
  discount_value: z.number().int(),
  min_purchase: amountSchema,
  stock: z.number().int().nullable(),
  starts_on: dateSchema,
  ends_on: dateSchema,
  status: couponStatusSchema,
  use_count: z.number().int(),
  /** What the coupon's uses took off in all. */
  discount_total: amountSchema,
  created_at: instantSchema,
  stopped_at: instantSchema.nullable(),
});
export const couponsResponseSchema = pagedOf(couponSchema);

/* ---------- book tickets (回数券) ---------- */

export const bookTicketUseSchema = z.object({
  id: z.number().int(),
  used_at: instantSchema,
  ticket_id: z.number().int(),
  ticket_name: z.string(),
  /** The customer's wallet number, masked (`2000****01`). */
  customer_wallet_masked: z.string(),
  /** Uses left on the customer's ticket after this one. */
  uses_left: z.number().int(),
});
export const bookTicketSummarySchema = z.object({
  ticket_id: z.number().int(),
  ticket_name: z.string(),
  uses_per_ticket: z.number().int(),
  price: amountSchema,
  /** Uses in the period. */
  use_count: z.number().int(),
  customer_count: z.number().int(),
});
export const bookTicketUsesQuerySchema = pagedPeriodQuerySchema;
export const bookTicketUsesResponseSchema = pagedOf(bookTicketUseSchema).extend({
  /** Per ticket, over the whole period. */
  summary: z.array(bookTicketSummarySchema),
});

/* ---------- subscriptions ---------- */

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const subscriptionCycleSchema = z.enum(SUBSCRIPTION_CYCLES);

export const subscriptionPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: amountSchema,
  cycle: subscriptionCycleSchema,
  coin_name: z.string(),
  subscriber_counts: z.object({
    ACTIVE: z.number().int(),
    STOPPED: z.number().int(),
    PAYMENT_FAILED: z.number().int(),
  }),
  /** Successful charges of the plan in each month of the period, oldest first (YYYYMM). */
  monthly_revenue: z.array(z.object({ month: z.string(), amount: amountSchema, count: z.number().int() })),
});
export const subscriptionsQuerySchema = pagedPeriodQuerySchema.safeExtend({
  status: subscriptionStatusSchema.optional(),
});
export const subscriberSchema = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  customer_wallet_masked: z.string(),
  status: subscriptionStatusSchema,
  started_on: dateSchema,
  next_charge_on: dateSchema.nullable(),
  stopped_on: dateSchema.nullable(),
});
export const subscriptionsResponseSchema = pagedOf(subscriberSchema).extend({
  plans: z.array(subscriptionPlanSchema),
});

/* ---------- automatic payments ---------- */

export const automaticPaymentResultSchema = z.enum(AUTOMATIC_PAYMENT_RESULTS);
export const automaticPaymentsQuerySchema = pagedPeriodQuerySchema.safeExtend({
  result: automaticPaymentResultSchema.optional(),
});
export const automaticPaymentSchema = z.object({
  id: z.number().int(),
  /** The Tokyo day the charge was due. */
  scheduled_on: dateSchema,
  description: z.string(),
  customer_wallet_masked: z.string(),
  coin_name: z.string(),
  amount: amountSchema,
  result: automaticPaymentResultSchema,
  failure_reason: z.string().nullable(),
  /** 1 for the first try, 2 for the retry. */
  attempts: z.number().int(),
  processed_at: instantSchema,
  /** The PAYMENT that charged it (SUCCEEDED only). */
  transaction_id: z.number().int().nullable(),
});
export const automaticPaymentsResponseSchema = pagedOf(automaticPaymentSchema);

export type Coupon = z.infer<typeof couponSchema>;
export type CreateCouponBody = z.infer<typeof createCouponBodySchema>;
export type BookTicketUse = z.infer<typeof bookTicketUseSchema>;
export type BookTicketSummary = z.infer<typeof bookTicketSummarySchema>;
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export type Subscriber = z.infer<typeof subscriberSchema>;
export type AutomaticPayment = z.infer<typeof automaticPaymentSchema>;
