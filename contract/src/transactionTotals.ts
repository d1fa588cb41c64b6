import { z } from 'zod';
import { amountSchema, dateSchema } from './schemas';
import { datesInOrder } from './schemas/periodOrder';
import { transactionTypeSchema } from './schemas/wallets';

/*
 * Transaction totals (issue 15): how many entries of each type, and their sum per coin, the wallet
 * holds in a period and in the period of the same length just before it.
 */

/**
 * The longest period the totals take, in days (start and end included): a year, leap day included. The
 * totals read the period and the one before it, so a period without end would read the wallet's whole
 * history twice; a longer one is refused (400, end_date, 期間は366日以内で指定してください).
 */
export const TRANSACTION_TOTALS_MAX_DAYS = 366;

export const transactionTotalsQuerySchema = z
  .object({
    start_date: dateSchema,
    end_date: dateSchema.meta({
      description: `At most ${TRANSACTION_TOTALS_MAX_DAYS} days from start_date, both included (400 beyond)`,
    }),
  })
  .refine(...datesInOrder);

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
