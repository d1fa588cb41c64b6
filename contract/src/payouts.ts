import { z } from 'zod';
import { PAYOUT_STATUSES, UTILITY_BILL_CATEGORIES, UTILITY_BILL_STATUSES } from './constants';
import { amountSchema, dateSchema, instantSchema, monthSchema, pagedOf, pagedPeriodQuerySchema } from './schemas';

/* Payouts, rebates and utility bills: the schemas of their calls. */

export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);

/** A bank account as lists show it: names and the account number's last 4 digits only. */
export const maskedAccountSchema = z.object({
  bank_name: z.string(),
  branch_name: z.string(),
  /** 普通 / 当座 / 貯蓄 */
  account_type_label: z.string(),
  /** e.g. `****1234` */
  number_masked: z.string(),
});

export const payoutSchema = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  /** The closing period, Asia/Tokyo days, inclusive. */
  period_start: dateSchema,
  period_end: dateSchema,
  /** The bank transfer day (a business day: no weekend, public holiday or 12/31–1/3). */
  payout_date: dateSchema,
  coin_name: z.string(),
  /** What left the wallet. */
  gross_amount: amountSchema,
  /** The payout fee (rate of the merchant's WITHDRAWAL fee). */
  fee: amountSchema,
  /** The bank transfer fee. */
  transfer_fee: amountSchema,
  /** What reaches the bank account: gross − fee − transfer fee. */
  net_amount: amountSchema,
  account: maskedAccountSchema.nullable(),
  status: payoutStatusSchema,
  failure_reason: z.string().nullable(),
  /** The ledger transaction that moved the money out of the wallet, and when it was posted. */
  transaction_id: z.number().int(),
  posted_at: instantSchema,
});

export const nextPayoutSchema = z.object({
  period_start: dateSchema,
  period_end: dateSchema,
  payout_date: dateSchema,
  /** The wallet's balance now, less the fees it would pay: what the payout would be if it closed now. */
  expected_gross: amountSchema,
  expected_net: amountSchema,
  account: maskedAccountSchema.nullable(),
  /**
   * Trust: the account was changed from another one; payouts to it are held until this instant (the
   * closings run before it are passed over, their money paid with the first payout after it). Null when
   * nothing is held.
   */
  account_held_until: instantSchema.nullable(),
});

export const payoutSkipSchema = z.object({
  period_end: dateSchema,
  reason: z.string(),
  created_at: instantSchema,
});

export const payoutsQuerySchema = pagedPeriodQuerySchema;
export const payoutsResponseSchema = pagedOf(payoutSchema).extend({
  /**
   * Payouts whose closing has run and whose transfer day has not come (SCHEDULED), earliest transfer
   * first: they come before `next`, and their money has already left the wallet.
   */
  scheduled: z.array(payoutSchema),
  /** The next closing and its expected payout; null when the merchant has nothing to pay out. */
  next: nextPayoutSchema.nullable(),
  /** Closings the payout run passed over for this merchant (no bank account…), newest first. */
  skipped: z.array(payoutSkipSchema),
});

export const groupPayoutTotalSchema = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  count: z.number().int(),
  gross_amount: amountSchema,
  fee: amountSchema,
  transfer_fee: amountSchema,
  net_amount: amountSchema,
});
export const groupPayoutsQuerySchema = pagedPeriodQuerySchema;
export const groupPayoutsResponseSchema = pagedOf(payoutSchema).extend({
  /** Per merchant of the group, over the whole period (every page). */
  merchants: z.array(groupPayoutTotalSchema),
});

/* ---------- merchant rebates ---------- */

export const merchantRebateSchema = z.object({
  id: z.number().int(),
  /** The month the rebate is for, YYYYMM. */
  month: monthSchema,
  campaign: z.string(),
  coin_name: z.string(),
  /** The payments the rebate is computed on. */
  base_amount: amountSchema,
  rate_bp: z.number().int(),
  amount: amountSchema,
  paid_at: instantSchema,
  /** The ledger transaction that paid it (a row of the transaction history). */
  transaction_id: z.number().int(),
});
export const merchantRebatesQuerySchema = pagedPeriodQuerySchema;
export const merchantRebatesResponseSchema = pagedOf(merchantRebateSchema).extend({ total_amount: amountSchema });

/* ---------- utility bills ---------- */

export const utilityBillStatusSchema = z.enum(UTILITY_BILL_STATUSES);
export const utilityBillCategorySchema = z.enum(UTILITY_BILL_CATEGORIES);
export const utilityBillSchema = z.object({
  id: z.number().int(),
  bill_number: z.string(),
  biller_name: z.string(),
  category: utilityBillCategorySchema,
  /** The payer's wallet number, masked (`2000****01`). */
  payer_wallet_masked: z.string(),
  amount: amountSchema,
  paid_at: instantSchema,
  status: utilityBillStatusSchema,
});
export const utilityBillsQuerySchema = pagedPeriodQuerySchema.safeExtend({
  status: utilityBillStatusSchema.optional(),
});
export const utilityBillsResponseSchema = pagedOf(utilityBillSchema).extend({
  /** Paid bills of the period (every page): their count and amount. */
  paid_count: z.number().int(),
  paid_amount: amountSchema,
});

export type Payout = z.infer<typeof payoutSchema>;
export type NextPayout = z.infer<typeof nextPayoutSchema>;
export type MaskedAccount = z.infer<typeof maskedAccountSchema>;
export type GroupPayoutTotal = z.infer<typeof groupPayoutTotalSchema>;
export type MerchantRebate = z.infer<typeof merchantRebateSchema>;
export type UtilityBill = z.infer<typeof utilityBillSchema>;
