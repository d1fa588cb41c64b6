import { z } from 'zod';
import { CSV_ENCODINGS, CSV_REPORTS } from '../constants';
import { auditKindSchema } from './auditEvents';
import { dateSchema, idSchema } from './common';
import { historySearchShape, withHistorySearchChecks } from './historySearch';
import { datesInOrder } from './periodOrder';
import { refundApplicationStatusSchema } from './refunds';
import { transactionTypeSchema } from './wallets';

/* CSV reports and other file downloads. */

/** The CSV reports; each takes the filters of the list it mirrors. */
export const csvReportSchema = z.enum(CSV_REPORTS);
export const downloadParamsSchema = z.object({ id: idSchema, report: csvReportSchema });
export const downloadQuerySchema = withHistorySearchChecks(
  z
    .object({
      start_date: dateSchema,
      end_date: dateSchema,
      /** cp932 (Windows-31J, what Excel in Japan opens) by default; utf8 writes a BOM. */
      encoding: z.enum(CSV_ENCODINGS).default('cp932'),
      /** histories, tx_fees */
      type: transactionTypeSchema.optional(),
      /** histories */
      transaction_id: idSchema.optional(),
      /** histories: the amount (exact or a range, of the absolute value) and the Tokyo time of day, as the list takes them. */
      ...historySearchShape,
      /** refund_applications */
      status: refundApplicationStatusSchema.optional(),
      /** audit_events: one person, one kind of action */
      user_id: idSchema.optional(),
      kind: auditKindSchema.optional(),
    })
    .refine(...datesInOrder),
);
/** The body is the file itself (a CSV report, an image, a PDF); the schema only documents it. */
export const fileResponseSchema = z.string();
export const csvResponseSchema = fileResponseSchema;

export type CsvReport = z.infer<typeof csvReportSchema>;
