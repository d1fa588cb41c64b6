import { z } from 'zod';
import {
  INVOICE_STATUSES,
  MAX_PAYMENT_AMOUNT,
  MAX_RELOAD_AMOUNT,
  PAYMENT_COMMENT_MAX,
  URL_PAYMENT_DESCRIPTION_MAX,
  URL_PAYMENT_STATUSES,
} from './constants';
import { groupedInteger } from './numberText';
import {
  amountSchema,
  dateSchema,
  idSchema,
  instantSchema,
  listOf,
  pagedOf,
  pagedPeriodQuerySchema,
  walletNoSchema,
} from './schemas';

/* Money in and out: payment requests, URL payments, invoices, coin reloads (the schemas of their calls). */

const POSITIVE_AMOUNT_MESSAGE = '1以上の金額を指定してください';
const INTEGER_MESSAGE = '整数で指定してください';

/** A positive whole amount up to `max`. */
const positiveAmount = (max: number) =>
  z
    .number(INTEGER_MESSAGE)
    .int(INTEGER_MESSAGE)
    .positive(POSITIVE_AMOUNT_MESSAGE)
    .max(max, `${groupedInteger(max)}以下の金額を指定してください`);
/** The same, from a query string. */
const positiveAmountQuery = (max: number) => z.coerce.number(INTEGER_MESSAGE).pipe(positiveAmount(max));

const coinIdSchema = z.number('コインを選択してください').int().positive('コインを選択してください');

/* ---------- payment requests (paying another merchant) ---------- */

export const paymentRateSchema = z.object({
  /** What GET /merchants/{id}/fee and the payment take as `type`. */
  type: z.string(),
  label: z.string(),
  /** Basis points (1/100 %) of the amount, charged to the paying merchant on top of it. */
  rate_bp: z.number().int(),
  /** Only for a payee of the payer's own merchant group. */
  group_only: z.boolean(),
});
export const paymentRatesResponseSchema = listOf(paymentRateSchema);

export const paymentPayeeSchema = z.object({
  merchant_id: z.number().int(),
  name: z.string(),
  /** Shown beside the name so two merchants of one name are told apart. */
  wallet_no: z.string(),
  merchant_group_id: z.number().int().nullable(),
});
export const paymentPayeesResponseSchema = listOf(paymentPayeeSchema);

const rateTypeSchema = z.string('区分を選択してください').min(1, '区分を選択してください').max(20);

export const paymentFeeQuerySchema = z.object({
  to_merchant_id: idSchema,
  amount: positiveAmountQuery(MAX_PAYMENT_AMOUNT),
  type: rateTypeSchema,
});
export const paymentFeeResponseSchema = z.object({
  to_merchant_id: z.number().int(),
  to_merchant_name: z.string(),
  to_wallet_no: z.string(),
  type: z.string(),
  rate_label: z.string(),
  rate_bp: z.number().int(),
  amount: amountSchema,
  fee: amountSchema,
  /** What leaves the paying wallet: amount + fee. */
  total: amountSchema,
});

export const merchantPaymentBodySchema = z.object({
  to_merchant_id: z.number('支払先を選択してください').int().positive('支払先を選択してください'),
  coin_id: coinIdSchema,
  amount: positiveAmount(MAX_PAYMENT_AMOUNT),
  type: rateTypeSchema,
  comment: z.string().trim().max(PAYMENT_COMMENT_MAX, `${PAYMENT_COMMENT_MAX}文字以内で入力してください`).optional(),
});

export const merchantPaymentSchema = z.object({
  /** The ledger transaction that moved the money. */
  transaction_id: z.number().int(),
  created_at: instantSchema,
  to_merchant_id: z.number().int(),
  to_merchant_name: z.string(),
  coin_id: z.number().int(),
  coin_name: z.string(),
  amount: amountSchema,
  fee: amountSchema,
  rate_type: z.string(),
  rate_label: z.string(),
  comment: z.string().nullable(),
});
export const merchantPaymentsQuerySchema = pagedPeriodQuerySchema;
export const merchantPaymentsResponseSchema = pagedOf(merchantPaymentSchema).extend({
  /** Over every page of the period. */
  total_amount: amountSchema,
  total_fee: amountSchema,
});

/* ---------- URL payments (payment links) ---------- */

export const urlPaymentStatusSchema = z.enum(URL_PAYMENT_STATUSES);
export const urlPaymentParamsSchema = z.object({ id: idSchema, url_payment_id: idSchema });

/** Links created in the period (Tokyo days), of one status if given. */
export const urlPaymentsQuerySchema = pagedPeriodQuerySchema.safeExtend({ status: urlPaymentStatusSchema.optional() });

export const createUrlPaymentBodySchema = z.object({
  coin_id: coinIdSchema,
  amount: positiveAmount(MAX_PAYMENT_AMOUNT),
  description: z
    .string('説明を入力してください')
    .trim()
    .min(1, '説明を入力してください')
    .max(URL_PAYMENT_DESCRIPTION_MAX, `${URL_PAYMENT_DESCRIPTION_MAX}文字以内で入力してください`),
  /** The link works to the end of this Asia/Tokyo day. */
  expires_on: dateSchema,
});

export const stopUrlPaymentBodySchema = z.object({ status: z.literal('STOPPED') });

export const urlPaymentSchema = z.object({
  id: z.number().int(),
  /** The link on the QR host: `https://qr.…/payment/?url_payment=<token>`. */
  url: z.string(),
  coin_id: z.number().int(),
  coin_name: z.string(),
  amount: amountSchema,
  description: z.string(),
  /** The last Asia/Tokyo day the link works. */
  expires_on: dateSchema,
  status: urlPaymentStatusSchema,
  use_count: z.number().int(),
  used_amount: amountSchema,
  created_at: instantSchema,
  stopped_at: instantSchema.nullable(),
});
export const urlPaymentsResponseSchema = pagedOf(urlPaymentSchema);

/* ---------- invoices ---------- */

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export const invoiceParamsSchema = z.object({ id: idSchema, invoice_id: idSchema });

/** Invoices issued in the period (Tokyo days), of one status if given. */
export const invoicesQuerySchema = pagedPeriodQuerySchema.safeExtend({ status: invoiceStatusSchema.optional() });

export const invoiceItemSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  unit_price: amountSchema,
  amount: amountSchema,
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  issuer_name: z.string(),
  title: z.string(),
  items: z.array(invoiceItemSchema),
  coin_id: z.number().int(),
  coin_name: z.string(),
  amount: amountSchema,
  /** The last Asia/Tokyo day to pay. */
  due_date: dateSchema,
  status: invoiceStatusSchema,
  issued_at: instantSchema,
  paid_at: instantSchema.nullable(),
  /** The ledger transaction that paid it. */
  paid_transaction_id: z.number().int().nullable(),
});
export const invoicesResponseSchema = pagedOf(invoiceSchema).extend({
  /**
   * The Tokyo day the oldest invoice still to pay was issued, whatever the period (null when all are
   * paid): an unpaid invoice issued before the period is never out of sight.
   */
  unpaid_since: dateSchema.nullable(),
});
/** Paying takes nothing but the Idempotency-Key: the invoice fixes coin and amount. */
export const payInvoiceBodySchema = z.object({}).strict();

/* ---------- coin reloads ---------- */

export const reloadBodySchema = z.object({
  /** The customer's wallet number. */
  wallet_no: walletNoSchema,
  coin_id: coinIdSchema,
  amount: positiveAmount(MAX_RELOAD_AMOUNT),
});
export const reloadResponseSchema = z.object({
  transaction_id: z.number().int(),
  created_at: instantSchema,
  wallet_no: walletNoSchema,
  coin_id: z.number().int(),
  coin_name: z.string(),
  amount: amountSchema,
  /** The merchant's balance of the coin after the reload. */
  merchant_balance: amountSchema,
});

export type PaymentRate = z.infer<typeof paymentRateSchema>;
export type PaymentPayee = z.infer<typeof paymentPayeeSchema>;
export type PaymentFee = z.infer<typeof paymentFeeResponseSchema>;
export type MerchantPayment = z.infer<typeof merchantPaymentSchema>;
export type MerchantPaymentBody = z.infer<typeof merchantPaymentBodySchema>;
export type UrlPayment = z.infer<typeof urlPaymentSchema>;
export type CreateUrlPaymentBody = z.infer<typeof createUrlPaymentBodySchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;
export type ReloadBody = z.infer<typeof reloadBodySchema>;
export type ReloadResult = z.infer<typeof reloadResponseSchema>;
