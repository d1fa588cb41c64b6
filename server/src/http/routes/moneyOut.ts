import { getInvoice, listInvoices, payInvoice } from '../../domain/invoices';
import {
  listMerchantPayments,
  listPaymentPayees,
  listPaymentRates,
  payMerchant,
  paymentFeeQuote,
} from '../../domain/merchantPayments';
import { reloadCustomer } from '../../domain/reloads';
import { createUrlPayment, listUrlPayments, stopUrlPayment } from '../../domain/urlPayments';
import { type CallContext, type CallHandlers, callerMembership, callerOf } from './context';

// Money in and out: payment requests, URL payments, invoices, reloads. The money-moving calls
// (createMerchantPayment, payInvoice, createReload) are idempotent (contract flag): routes/index.ts runs
// them through http/idempotency.ts, and their ctx.deps.db is then the request's database transaction.

const linkContext = (ctx: CallContext<'listUrlPayments' | 'createUrlPayment' | 'stopUrlPayment'>) => ({
  publicUrl: ctx.deps.config.publicUrl,
  now: ctx.deps.now(),
});

export const moneyOutHandlers: CallHandlers<
  | 'listPaymentRates'
  | 'listPaymentPayees'
  | 'getPaymentFee'
  | 'createMerchantPayment'
  | 'listMerchantPayments'
  | 'listUrlPayments'
  | 'createUrlPayment'
  | 'stopUrlPayment'
  | 'listInvoices'
  | 'getInvoice'
  | 'payInvoice'
  | 'createReload'
> = {
  listPaymentRates: async (ctx) => listPaymentRates(ctx.deps.db),
  listPaymentPayees: async (ctx) => listPaymentPayees(ctx.deps.db),
  getPaymentFee: async (ctx) => paymentFeeQuote(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
  createMerchantPayment: async (ctx) =>
    payMerchant(ctx.deps.db, {
      fromMerchantId: callerMembership(ctx).merchantId,
      toMerchantId: ctx.body.to_merchant_id,
      coinId: ctx.body.coin_id,
      amount: ctx.body.amount,
      type: ctx.body.type,
      comment: ctx.body.comment,
      createdBy: callerOf(ctx).userId,
      now: ctx.deps.now(),
    }),
  listMerchantPayments: async (ctx) => listMerchantPayments(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
  listUrlPayments: async (ctx) =>
    listUrlPayments(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query, linkContext(ctx)),
  createUrlPayment: async (ctx) =>
    createUrlPayment(
      ctx.deps.db,
      {
        merchantId: callerMembership(ctx).merchantId,
        coinId: ctx.body.coin_id,
        amount: ctx.body.amount,
        description: ctx.body.description,
        expiresOn: ctx.body.expires_on,
        createdBy: callerOf(ctx).userId,
      },
      linkContext(ctx),
    ),
  stopUrlPayment: async (ctx) =>
    stopUrlPayment(
      ctx.deps.db,
      { merchantId: callerMembership(ctx).merchantId, urlPaymentId: ctx.params.url_payment_id },
      linkContext(ctx),
    ),
  listInvoices: async (ctx) => listInvoices(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query, ctx.deps.now()),
  getInvoice: async (ctx) =>
    getInvoice(ctx.deps.db, callerMembership(ctx).merchantId, ctx.params.invoice_id, ctx.deps.now()),
  payInvoice: async (ctx) =>
    payInvoice(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      invoiceId: ctx.params.invoice_id,
      paidBy: callerOf(ctx).userId,
      now: ctx.deps.now(),
    }),
  createReload: async (ctx) =>
    reloadCustomer(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      walletNo: ctx.body.wallet_no,
      coinId: ctx.body.coin_id,
      amount: ctx.body.amount,
      now: ctx.deps.now(),
    }),
};
