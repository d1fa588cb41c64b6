import { z } from 'zod';
import { TRANSACTION_TYPES } from '../constants';
import {
  amountSchema,
  dateSchema,
  flagSchema,
  idSchema,
  instantSchema,
  listOf,
  pagedOf,
  pagingQuerySchema,
  walletNoSchema,
} from './common';
import { historySearchShape, withHistorySearchChecks } from './historySearch';
import { datesInOrder } from './periodOrder';

/* Wallets: balances, histories (all, cash cancels, comments), the balance after a transaction. */

export const walletBalanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: amountSchema,
  transferable: flagSchema,
  refundable: flagSchema,
  /**
   * Trust: what the merchant's refund applications still waiting hold of the balance (amount + fee):
   * nothing but their approval may spend it. 0 where none wait (and on customers' wallets).
   */
  held: amountSchema.optional(),
});
export const walletResponseSchema = z.object({
  wallet_no: walletNoSchema,
  /** Sorted by coin id ascending. */
  balances: z.array(walletBalanceSchema),
});

export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

export const historySchema = z.object({
  transaction_id: z.number().int(),
  created_at: instantSchema,
  type: transactionTypeSchema,
  coin_id: z.number().int(),
  coin_name: z.string(),
  /** Signed: positive in, negative out. */
  amount: amountSchema,
  /** The wallet's balance of this coin after the entry. */
  balance: amountSchema,
  counterparty: z.string().nullable(),
  comment: z.string().nullable(),
});
export const historiesResponseSchema = pagedOf(historySchema);

export const requestedRefundSchema = z.object({ id: z.number().int(), name: z.string(), amount: amountSchema });
export const requestedRefundsResponseSchema = listOf(requestedRefundSchema);

/**
 * Wallet histories: the period, paging and, optionally, one transaction type, one transaction id, the
 * amount (exact or a range, of the absolute value) and the Tokyo time of day (historySearch.ts).
 */
export const walletHistoriesQuerySchema = withHistorySearchChecks(
  z
    .object({
      start_date: dateSchema,
      end_date: dateSchema,
      type: transactionTypeSchema.optional(),
      transaction_id: idSchema.optional(),
      ...historySearchShape,
      limit: pagingQuerySchema.shape.limit,
      offset: pagingQuerySchema.shape.offset,
    })
    .refine(...datesInOrder),
);

export const balanceAtParamsSchema = z.object({ wallet_no: walletNoSchema, transaction_id: idSchema });
export const balanceAtResponseSchema = z.object({
  wallet_no: walletNoSchema,
  transaction_id: z.number().int(),
  created_at: instantSchema,
  type: transactionTypeSchema,
  comment: z.string().nullable(),
  /** The wallet's balance of every coin it holds right after the transaction, sorted by coin id. */
  balances: z.array(z.object({ id: z.number().int(), name: z.string(), amount: amountSchema })),
});

export const cashCancelHistorySchema = historySchema.extend({
  /** The transaction the cash cancel reverses. */
  canceled_transaction_id: z.number().int().nullable(),
});
export const cashCancelHistoriesResponseSchema = pagedOf(cashCancelHistorySchema);
export const commentHistoriesResponseSchema = pagedOf(historySchema);

export type WalletBalance = z.infer<typeof walletBalanceSchema>;
export type History = z.infer<typeof historySchema>;
export type BalanceAt = z.infer<typeof balanceAtResponseSchema>;
export type CashCancelHistory = z.infer<typeof cashCancelHistorySchema>;
