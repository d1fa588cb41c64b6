import { z } from 'zod';
import {
  isRegistrationNumber,
  REGISTRATION_NUMBER_CHECK_MESSAGE,
  REGISTRATION_NUMBER_MESSAGE,
} from './registrationNumber';
import { amountSchema, idSchema, instantSchema, monthSchema, periodQuerySchema } from './schemas';

/*
 * The papers a shop files (issue 26): the service's qualified invoice (適格請求書) for each month's fees,
 * payout statements (支払明細書) and receipts (領収書) for payments, all as PDF.
 */

/** A merchant's own invoice registration number in its profile: empty, or T + 13 digits with a valid check digit. */
export const registrationNumberSchema = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .transform((value) => value.normalize('NFKC').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^T\d{13}$/, REGISTRATION_NUMBER_MESSAGE)
        .refine(isRegistrationNumber, { message: REGISTRATION_NUMBER_CHECK_MESSAGE }),
    ),
]);

/** The kinds of document the service numbers and keeps. */
export const DOCUMENT_KINDS = ['fee_invoice', 'receipt'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);

/** The receipt's tax rates: the standard rate and the reduced rate (food and drink, newspapers). */
export const RECEIPT_TAX_RATES = [10, 8] as const;
export const RECEIPT_NOTE_MAX = 40;
export const RECEIPT_NOTE_DEFAULT = 'お品代として';

export const feeInvoiceParamsSchema = z.object({ id: idSchema, month: monthSchema });
export const documentParamsSchema = z.object({
  id: idSchema,
  number: z.string().regex(/^[A-Z0-9-]{1,40}$/, '書類番号が正しくありません'),
});
export const payoutStatementParamsSchema = z.object({ id: idSchema, payout_id: idSchema });
export const groupPayoutStatementQuerySchema = periodQuerySchema;
export const receiptParamsSchema = z.object({ id: idSchema, transaction_id: idSchema });

export const receiptBodySchema = z.object({
  /** 但し書き: what the money was for. */
  note: z
    .string()
    .trim()
    .min(1, '但し書きを入力してください')
    .max(RECEIPT_NOTE_MAX, `但し書きは${RECEIPT_NOTE_MAX}文字以内で入力してください`)
    .refine((note) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(note), { message: '但し書きに使えない文字が含まれています' }),
  /** The consumption tax rate of what was sold, in percent. */
  tax_rate: z.union(RECEIPT_TAX_RATES.map((rate) => z.literal(rate)) as [z.ZodLiteral<10>, z.ZodLiteral<8>], {
    message: '税率を選んでください',
  }),
});

/** One issued fee invoice (the original of a month, or a corrected one that replaces it). */
export const feeInvoiceSchema = z.object({
  number: z.string(),
  summarized_month: monthSchema,
  issued_at: instantSchema,
  /** Fees before tax, the consumption tax (10 %, rounded down once) and the total. */
  amount: amountSchema,
  tax: amountSchema,
  total: amountSchema,
  /** The number of the invoice this one corrects; null for a month's first invoice. */
  corrects_number: z.string().nullable(),
  /** A later corrected invoice replaces this one. */
  superseded: z.boolean(),
});
export const feeInvoicesQuerySchema = z.object({ target: monthSchema });
export const feeInvoicesResponseSchema = z.object({ items: z.array(feeInvoiceSchema) });

export type FeeInvoice = z.infer<typeof feeInvoiceSchema>;
export type ReceiptBody = z.input<typeof receiptBodySchema>;
export type DocumentKind = z.infer<typeof documentKindSchema>;

/** The documents' refusals, word for word as the console shows them. */
export const DOCUMENT_MESSAGES = {
  monthNotClosed: 'この月の手数料はまだ締まっていません。請求書は翌月1日から発行できます',
  noFees: 'この月の手数料はありません',
  documentNotFound: '書類が見つかりません',
  notAPayment: '領収書は、このお店が受け取ったお支払いにだけ発行できます',
  payoutNotFound: '支払いが見つかりません',
} as const;
