import { getInvoice, listInvoices, payInvoice } from '../../domain/invoices';
import {
  listMerchantPayments,
  listPaymentPayees,
  listPaymentRates,
  payMerchant,
  paymentFeeQuote,
} from '../../domain/merchantPayments';
import { reloadCustomer } from '../../domain/reloads';
import { ownersOf } from '../../domain/securityMail';
import { createUrlPayment, listUrlPayments, stopUrlPayment } from '../../domain/urlPayments';
import { takeStepUpProof } from '../auth';
import { auditCall, type CallContext, type CallHandlers, callerMembership, callerOf, tellSecurity } from './context';

// Money in and out: payment requests, URL payments, invoices, reloads. The money-moving calls
// (createMerchantPayment, payInvoice, createReload) are idempotent (contract flag): routes/index.ts runs
// them through http/idempotency.ts, and their ctx.deps.db is then the request's database transaction.

const linkContext = (ctx: CallContext<'listUrlPayments' | 'createUrlPayment' | 'stopUrlPayment'>) => ({
  publicUrl: ctx.deps.config.publicUrl,
  now: ctx.deps.now(),
});

/** Mails the paying shop's Owners of a payment above the limit: who paid whom how much, when, from where. */
async function tellOwnersOfPayment(
  ctx: CallContext<'createMerchantPayment'>,
  merchantId: number,
  payeeName: string,
  amount: number,
) {
  const { db } = ctx.deps;
  const [merchant, actor] = await Promise.all([
    db.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirstOrThrow(),
    db
      .selectFrom('merchant_users')
      .select('name')
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', callerOf(ctx).userId)
      .executeTakeFirst(),
  ]);
  await tellSecurity(
    ctx,
    {
      kind: 'large_payment',
      merchantName: merchant.name,
      payeeName,
      amount,
      actorName: actor?.name ?? `ユーザー${callerOf(ctx).userId}`,
    },
    { to: await ownersOf(db, merchantId), page: '/payment/request' },
  );
}

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
  createMerchantPayment: async (ctx) => {
    const { merchantId } = callerMembership(ctx);
    // Money out only with proof (issue 45): above the operator's limit the payer proves it is them, for
    // this payment, and the paying shop's Owners are told.
    const large = ctx.body.amount > ctx.deps.config.paymentStepUpLimit;
    if (large) await takeStepUpProof(ctx.request, ctx.deps, { purpose: 'payment', merchantId, spend: true });
    const payment = await payMerchant(ctx.deps.db, {
      fromMerchantId: merchantId,
      toMerchantId: ctx.body.to_merchant_id,
      coinId: ctx.body.coin_id,
      amount: ctx.body.amount,
      type: ctx.body.type,
      comment: ctx.body.comment,
      createdBy: callerOf(ctx).userId,
      now: ctx.deps.now(),
    });
    if (large) await tellOwnersOfPayment(ctx, merchantId, payment.to_merchant_name, payment.amount);
    await auditCall(ctx, 'merchant_payment.created', {
      after: { transaction_id: payment.transaction_id, payee: payment.to_merchant_name, amount: payment.amount },
    });
    return payment;
  },
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
  async payInvoice(ctx) {
    const invoice = await payInvoice(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      invoiceId: ctx.params.invoice_id,
      paidBy: callerOf(ctx).userId,
      now: ctx.deps.now(),
    });
    await auditCall(ctx, 'invoice.paid', {
      after: { invoice_id: invoice.id, title: `${invoice.issuer_name}「${invoice.title}」`, amount: invoice.amount },
    });
    return invoice;
  },
  createReload: async (ctx) =>
    reloadCustomer(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      walletNo: ctx.body.wallet_no,
      coinId: ctx.body.coin_id,
      amount: ctx.body.amount,
      now: ctx.deps.now(),
    }),
};
