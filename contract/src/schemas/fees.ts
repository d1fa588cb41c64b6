import { z } from 'zod';
import { FEE_USER_TYPES } from '../constants';
import { amountSchema, dateSchema, instantSchema, listOf, monthSchema, pagedOf, pagingQuerySchema } from './common';
import { atsInOrder } from './periodOrder';
import { transactionTypeSchema } from './wallets';

/* Fees: monthly summaries, rates and their history, limits, per-transaction fees. */

export const summarizedTxFeesQuerySchema = z.object({ target: monthSchema });
export const feeStatusSchema = z.enum(['UNSETTLED', 'SETTLED', 'CASH_SETTLED']);
export const summarizedFeeSchema = z.object({
  summarized_month: monthSchema,
  amount: amountSchema,
  tax: amountSchema,
  status: feeStatusSchema,
});
export const summarizedTxFeesResponseSchema = listOf(summarizedFeeSchema);

export const targetDateQuerySchema = z.object({ target_date: dateSchema });
export const feeRateSchema = z.object({
  type: transactionTypeSchema,
  /** Basis points: 1/100 of a percent. */
  rate_bp: z.number().int(),
  valid_from: dateSchema,
});
export const feeHistoryItemSchema = feeRateSchema.extend({
  /** The last day the rate applies; null while it is the latest. */
  valid_to: dateSchema.nullable(),
  /** The rate applies on target_date. */
  in_effect: z.boolean(),
});
export const feeHistoryResponseSchema = z.object({
  merchant_id: z.number().int(),
  target_date: dateSchema,
  /** Every rate period of the merchant, by type, newest first. */
  items: z.array(feeHistoryItemSchema),
});
export const feeRatesResponseSchema = z.object({ target_date: dateSchema, items: z.array(feeRateSchema) });
export const feeLimitsQuerySchema = z.object({ user_type: z.enum(FEE_USER_TYPES), target_date: dateSchema });
export const feeLimitsResponseSchema = z.object({
  user_type: z.enum(FEE_USER_TYPES),
  target_date: dateSchema,
  /** Null when no limit applies on target_date. */
  limit_amount: amountSchema.nullable(),
  valid_from: dateSchema.nullable(),
});

export const txFeesQuerySchema = z
  .object({
    /** Tokyo calendar days, inclusive. */
    start_at: dateSchema,
    end_at: dateSchema,
    type: transactionTypeSchema.optional(),
    limit: pagingQuerySchema.shape.limit,
    offset: pagingQuerySchema.shape.offset,
  })
  .refine(...atsInOrder);
export const txFeeSchema = z.object({
  transaction_id: z.number().int(),
  created_at: instantSchema,
  type: transactionTypeSchema,
  coin_id: z.number().int(),
  coin_name: z.string(),
  /** The amount the fee is charged on (unsigned). */
  amount: amountSchema,
  fee_rate_bp: z.number().int(),
  fee: amountSchema,
});
export const txFeesResponseSchema = pagedOf(txFeeSchema).extend({
  /** Over every page of the filtered list. */
  total_amount: amountSchema,
  total_fee: amountSchema,
});

export type SummarizedFee = z.infer<typeof summarizedFeeSchema>;
export type TxFee = z.infer<typeof txFeeSchema>;
