import type { FastifyReply } from 'fastify';
import { documentSettingsOf } from '../../config';
import { type FeeInvoiceContent, issueFeeInvoice, listFeeInvoices, renderFeeInvoice } from '../../documents/feeInvoice';
import { documentByNumber } from '../../documents/numbering';
import {
  groupPayoutsForStatement,
  payoutForStatement,
  payoutStatementNumber,
  renderGroupPayoutStatement,
  renderPayoutStatement,
} from '../../documents/payoutStatement';
import { issueReceipt, type ReceiptContent, renderReceipt } from '../../documents/receipt';
import { DomainError } from '../../domain/errors';
import { contentDisposition } from '../csv';
import { type AppDeps, auditCall, type CallHandlers, callerMembership, callerOf } from './context';

/** Issue 26: fee invoices, payout statements and receipts as PDF. */

const settingsOf = (deps: AppDeps) => documentSettingsOf(deps.config);

const sendPdf = (reply: FastifyReply, filename: string, pdf: Buffer) =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(filename))
    .header('Cache-Control', 'no-store')
    .send(pdf) as never;

export const documentHandlers: CallHandlers<
  | 'listFeeInvoices'
  | 'downloadFeeInvoice'
  | 'downloadDocument'
  | 'downloadPayoutStatement'
  | 'downloadGroupPayoutStatement'
  | 'issueReceipt'
> = {
  listFeeInvoices: async (ctx) => listFeeInvoices(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query.target),
  async downloadFeeInvoice(ctx) {
    const merchantId = callerMembership(ctx).merchantId;
    const invoice = await issueFeeInvoice(
      ctx.deps.db,
      merchantId,
      ctx.params.month,
      settingsOf(ctx.deps),
      ctx.deps.now(),
      callerOf(ctx).userId,
    );
    const pdf = await renderFeeInvoice(invoice.number, invoice.issued_at, invoice.content);
    await auditCall(ctx, 'document.issued', { after: { kind: 'fee_invoice', number: invoice.number } });
    return sendPdf(ctx.reply, `請求書_${ctx.params.month}_${invoice.number}.pdf`, pdf);
  },
  async downloadDocument(ctx) {
    const document = await documentByNumber(ctx.deps.db, callerMembership(ctx).merchantId, ctx.params.number);
    if (document.kind === 'fee_invoice') {
      const content = document.content as FeeInvoiceContent;
      const pdf = await renderFeeInvoice(document.number, document.issued_at, content);
      return sendPdf(ctx.reply, `請求書_${content.summarized_month}_${document.number}.pdf`, pdf);
    }
    if (document.kind === 'receipt') {
      const pdf = await renderReceipt(document.number, document.issued_at, document.content as ReceiptContent);
      return sendPdf(ctx.reply, `領収書_${document.number}.pdf`, pdf);
    }
    throw new DomainError('not_found');
  },
  async downloadPayoutStatement(ctx) {
    const now = ctx.deps.now();
    const payout = await payoutForStatement(ctx.deps.db, callerMembership(ctx).merchantId, ctx.params.payout_id, now);
    const settings = settingsOf(ctx.deps);
    const pdf = await renderPayoutStatement(payout, settings, now);
    const number = payoutStatementNumber(settings.numberPrefix, payout.id);
    await auditCall(ctx, 'document.issued', { after: { kind: 'payout_statement', number } });
    return sendPdf(ctx.reply, `支払明細書_${payout.payout_date}_${number}.pdf`, pdf);
  },
  async downloadGroupPayoutStatement(ctx) {
    const now = ctx.deps.now();
    const group = await groupPayoutsForStatement(
      ctx.deps.db,
      callerMembership(ctx).merchantId,
      ctx.query.start_date,
      ctx.query.end_date,
      now,
    );
    const pdf = await renderGroupPayoutStatement(group, settingsOf(ctx.deps), now);
    await auditCall(ctx, 'document.issued', {
      after: { kind: 'group_payout_statement', number: `${group.start}〜${group.end}` },
    });
    return sendPdf(ctx.reply, `支払明細書_グループ_${group.start}_${group.end}.pdf`, pdf);
  },
  async issueReceipt(ctx) {
    const receipt = await issueReceipt(
      ctx.deps.db,
      callerMembership(ctx).merchantId,
      ctx.params.transaction_id,
      ctx.body,
      settingsOf(ctx.deps),
      ctx.deps.now(),
      callerOf(ctx).userId,
    );
    const pdf = await renderReceipt(receipt.number, receipt.issued_at, receipt.content);
    await auditCall(ctx, 'document.issued', { after: { kind: 'receipt', number: receipt.number } });
    return sendPdf(ctx.reply, `領収書_${receipt.number}.pdf`, pdf);
  },
};
