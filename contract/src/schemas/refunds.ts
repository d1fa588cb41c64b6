import { z } from 'zod';
import { REFUND_APPLICATION_STATUSES } from '../constants';
import {
  amountSchema,
  dateSchema,
  flagSchema,
  idSchema,
  instantSchema,
  pagedOf,
  pagingQuerySchema,
  periodQuerySchema,
  walletNoSchema,
} from './common';
import { atsInOrder } from './periodOrder';

/* Refunds: applications, their confirmation, amounts being refunded, refund fees. */

export const refundApplicationStatusSchema = z.enum(REFUND_APPLICATION_STATUSES);
export const refundApplicationParamsSchema = z.object({ refund_application_id: idSchema });

export const refundApplicationsQuerySchema = z
  .object({
    /** Tokyo calendar days, inclusive, of the application's creation. */
    start_at: dateSchema,
    end_at: dateSchema,
    status: refundApplicationStatusSchema.optional(),
    limit: pagingQuerySchema.shape.limit,
    offset: pagingQuerySchema.shape.offset,
  })
  .refine(...atsInOrder);

export const refundApplicationSchema = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  /** The merchant's wallet the refund is paid from. */
  merchant_wallet_no: walletNoSchema,
  /** The customer's wallet the refund goes to (the payer of the payment). */
  customer_wallet_no: z.string(),
  payment_transaction_id: z.number().int(),
  payment_amount: amountSchema,
  payment_created_at: instantSchema,
  coin_id: z.number().int(),
  coin_name: z.string(),
  amount: amountSchema,
  /** Charged to the merchant on approval, on top of the amount. */
  fee: amountSchema,
  status: refundApplicationStatusSchema,
  /** The ledger transaction that moved the money (APPROVED only). */
  refund_transaction_id: z.number().int().nullable(),
  /** Why the merchant refunds, as requested (null: none given). */
  reason: z.string().nullable(),
  created_at: instantSchema,
  approved_at: instantSchema.nullable(),
  canceled_at: instantSchema.nullable(),
});
export const refundApplicationsResponseSchema = pagedOf(refundApplicationSchema);

/** The longest reason a refund request may carry (characters, after trimming). */
export const REFUND_REASON_MAX_LENGTH = 200;

export const refundBodySchema = z.object({
  /** The payment (a transaction into the wallet) to refund. */
  transaction_id: idSchema,
  amount: z.number().int('整数で指定してください').positive('1以上の金額を指定してください'),
  /** Why the merchant refunds (optional; blank is none). */
  reason: z
    .string('文字列で指定してください')
    .trim()
    .max(REFUND_REASON_MAX_LENGTH, `返金理由は${REFUND_REASON_MAX_LENGTH}文字以内で指定してください`)
    .optional(),
});

export const refundConfirmationSchema = z.object({
  payment: z.object({
    transaction_id: z.number().int(),
    created_at: instantSchema,
    amount: amountSchema,
    coin_id: z.number().int(),
    coin_name: z.string(),
    payer_wallet_no: z.string(),
  }),
  coin: z.object({ id: z.number().int(), name: z.string(), refundable: flagSchema }),
  amount: amountSchema,
  /** The merchant's refund fee rate in basis points (1/100 %) valid today. */
  fee_rate_bp: z.number().int(),
  fee: amountSchema,
  /** What is left to refund before this one: payment − refunded − requested. */
  refundable_remaining: amountSchema,
  remaining_after: amountSchema,
});

export const refundingSchema = z.object({
  coin_id: z.number().int(),
  coin_name: z.string(),
  /** Sum of the requested amounts. */
  amount: amountSchema,
  /** Sum of their fees. */
  fee: amountSchema,
  count: z.number().int(),
});
export const refundingResponseSchema = z.object({ wallet_no: walletNoSchema, items: z.array(refundingSchema) });

export const refundFeesQuerySchema = periodQuerySchema;
export const refundFeeSchema = z.object({
  refund_application_id: z.number().int(),
  approved_at: instantSchema,
  payment_transaction_id: z.number().int(),
  refund_transaction_id: z.number().int(),
  coin_id: z.number().int(),
  coin_name: z.string(),
  amount: amountSchema,
  fee_rate_bp: z.number().int(),
  fee: amountSchema,
});
export const refundFeesResponseSchema = z.object({ items: z.array(refundFeeSchema), total_fee: amountSchema });

export type RefundApplication = z.infer<typeof refundApplicationSchema>;
export type RefundConfirmation = z.infer<typeof refundConfirmationSchema>;
