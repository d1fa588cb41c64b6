import { z } from 'zod';
import { amountSchema, balanceAtResponseSchema, historySchema, pagedOf } from './schemas';

/*
 * A payment's detail (issue 15): what is left to refund of each payment in the wallet's history, and
 * the detail of one transaction. (The refund request's reason is in schemas/refunds.ts.)
 */

/**
 * What is left to refund of a payment into the wallet in a refundable coin: the payment − what refunds
 * paid back − what applications still request (the rule a refund request is checked against). Null for
 * every other row: not a payment into the wallet, or a coin that cannot be refunded.
 */
export const refundableRemainingSchema = amountSchema.nullable();

export const walletHistorySchema = historySchema.extend({ refundable_remaining: refundableRemainingSchema });
export const walletHistoriesResponseSchema = pagedOf(walletHistorySchema);

export const transactionEntrySchema = z.object({
  coin_id: z.number().int(),
  coin_name: z.string(),
  /** Signed: positive in, negative out. */
  amount: amountSchema,
  /** The wallet's balance of this coin after the entry. */
  balance: amountSchema,
  counterparty: z.string().nullable(),
});

/** One transaction of the wallet: what moved, its fees, the balances after it and what is left to refund. */
export const transactionDetailSchema = balanceAtResponseSchema.extend({
  /** The wallet's entries of the transaction (what moved, as the history lists it), by coin. */
  entries: z.array(transactionEntrySchema),
  /**
   * The part of what the wallet paid out that went to the service as a fee (a payment to another
   * merchant, a payout); 0 for none. A fee transaction is all fee: its amount, and 0 here.
   */
  fee_included: amountSchema,
  /** Fees charged for the transaction apart from it, as transactions of their own (a refund's fee); 0 for none. */
  fee_charged: amountSchema,
  refundable_remaining: refundableRemainingSchema,
});

export type WalletHistory = z.infer<typeof walletHistorySchema>;
export type TransactionEntry = z.infer<typeof transactionEntrySchema>;
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;
