import { z } from 'zod';
import { amountSchema, dateSchema, periodQuerySchema } from './schemas';
import { transactionTypeSchema } from './schemas/wallets';

/*
 * Transaction totals (issue 15): how many entries of each type, and their sum per coin, the wallet
 * holds in a period and in the period of the same length just before it.
 */

export const transactionTotalsQuerySchema = periodQuerySchema;

/** The count and signed sum (positive in, negative out) of one type in one coin. */
export const transactionTotalSchema = z.object({
  type: transactionTypeSchema,
  coin_id: z.number().int(),
  coin_name: z.string(),
  count: z.number().int(),
  amount: amountSchema,
  previous_count: z.number().int(),
  previous_amount: amountSchema,
});

export const transactionTotalsResponseSchema = z.object({
  start_date: dateSchema,
  end_date: dateSchema,
  /** The period of the same number of days that ends the day before start_date. */
  previous_start_date: dateSchema,
  previous_end_date: dateSchema,
  /** Every (type, coin) with an entry in either period, by type then coin id. */
  items: z.array(transactionTotalSchema),
});

export type TransactionTotal = z.infer<typeof transactionTotalSchema>;
export type TransactionTotals = z.infer<typeof transactionTotalsResponseSchema>;
