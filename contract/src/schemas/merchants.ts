import { z } from 'zod';
import { MERCHANT_STATUSES } from '../merchantConstants';
import {
  amountSchema,
  dateSchema,
  flagSchema,
  instantSchema,
  listOf,
  periodQuerySchema,
  roleSchema,
  walletNoSchema,
} from './common';

/* Merchants: the merchant itself, its latest payment and daily sales. */

export const coinRefSchema = z.object({ id: z.number().int(), name: z.string() });
export const merchantResponseSchema = z.object({
  merchant_id: z.number().int(),
  name: z.string(),
  wallet_no: walletNoSchema,
  reloadable_coins: z.array(coinRefSchema),
  allow_subscription: flagSchema,
  merchant_group_id: z.number().int().nullable(),
  merchant_group_parent_id: z.number().int().nullable(),
  status: z.enum(['OPEN', 'CLOSED']),
});

export const latestPaymentResponseSchema = z.object({
  payment: z
    .object({
      transaction_id: z.number().int(),
      created_at: instantSchema,
      amount: amountSchema,
      coin_id: z.number().int(),
      coin_name: z.string(),
      payer_wallet_no: z.string(),
    })
    .nullable(),
});

export const dailySalesQuerySchema = periodQuerySchema;
export const dailySalesSchema = z.object({ date: dateSchema, amount: amountSchema, count: z.number().int() });
export const dailySalesResponseSchema = listOf(dailySalesSchema);

/** Sales of one stretch of time: every coin together, and each coin. */
export const salesFigureSchema = z.object({
  /** Payments received (the sum of what they brought into the wallet). */
  amount: amountSchema,
  count: z.number().int(),
  /** amount ÷ count, rounded; null without payments. */
  average: amountSchema.nullable(),
  coins: z.array(
    z.object({ coin_id: z.number().int(), coin_name: z.string(), amount: amountSchema, count: z.number().int() }),
  ),
});
/** A stretch of time: from its start (inclusive) to its end (exclusive). */
export const salesSpanSchema = z.object({ from: instantSchema, to: instantSchema });
export const salesSummaryResponseSchema = z.object({
  /** The instant the figures run to: "now" on the service's clock. */
  as_of: instantSchema,
  /** Today (Asia/Tokyo) so far, and the same weekday a week earlier up to the same time of day. */
  today: salesFigureSchema.extend({ span: salesSpanSchema }),
  same_day_last_week: salesFigureSchema.extend({ span: salesSpanSchema }),
  /** This month so far, and the same days of last month up to the same time (its end when shorter). */
  month: salesFigureSchema.extend({ span: salesSpanSchema }),
  same_days_last_month: salesFigureSchema.extend({ span: salesSpanSchema }),
});

/**
 * The caller's merchants at a glance (Top's 「すべての店舗」): each merchant where the caller holds an ACTIVE
 * role, in merchant id order, with today's sales so far as the sales summary's `today` counts them.
 */
export const merchantsSalesTodayResponseSchema = z.object({
  /** The instant the figures run to: "now" on the service's clock. */
  as_of: instantSchema,
  items: z.array(
    z.object({
      merchant_id: z.number().int(),
      name: z.string(),
      /** The caller's role there. */
      role: roleSchema,
      status: z.enum(MERCHANT_STATUSES),
      amount: amountSchema,
      count: z.number().int(),
    }),
  ),
});

/** Top's setup checklist: what a new merchant still has to do before it takes payments and is paid. */
export const SETUP_STEPS = ['profile', 'images', 'bank_account', 'qr_poster'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export const setupProgressResponseSchema = z.object({
  /**
   * Each step and whether it is done: profile (description, address, phone and business hours given),
   * images (thumbnail and main image uploaded), bank_account (a payout account registered), qr_poster
   * (the payment QR poster downloaded once).
   */
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  complete: z.boolean(),
  /** Until when payouts to a newly changed bank account are held; null when they are not (Top says so). */
  account_held_until: z.string().nullable(),
});

export type SetupProgress = z.infer<typeof setupProgressResponseSchema>;
export type SalesFigure = z.infer<typeof salesFigureSchema>;
export type SalesSummary = z.infer<typeof salesSummaryResponseSchema>;
export type MerchantsSalesToday = z.infer<typeof merchantsSalesTodayResponseSchema>;
export type MerchantResponse = z.infer<typeof merchantResponseSchema>;
