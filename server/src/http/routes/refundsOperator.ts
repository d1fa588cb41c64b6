import { createHash, timingSafeEqual } from 'node:crypto';
import { REFUND_APPLICATION_STATUSES } from '@coin/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { useCoupon } from '../../domain/coupons';
import { DomainError } from '../../domain/errors';
import { correctMonthlyFee } from '../../domain/fees';
import { pruneIdempotencyKeys } from '../../domain/idempotency';
import { OPERATOR_SECRET_HEADER } from '../../domain/operatorChannel';
import { operatorIssueInvoice, operatorPayUrlPayment } from '../../domain/operatorMoneyOut';
import { runPayouts } from '../../domain/payouts';
import { runAutomaticPayments } from '../../domain/programs';
import { approveRefund, operatorRefundList } from '../../domain/refunds';
import { resetTwoStep } from '../../domain/twoStep';
import { installErrorHandler } from '../errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (value: string) => createHash('sha256').update(value).digest();

const listQuery = z.object({
  status: z.enum(REFUND_APPLICATION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});
const approveParams = z.object({ id: z.coerce.number().int().positive() });
const pruneQuery = z.object({ days: z.coerce.number().int().min(1).max(3650) });
// Money in and out
const payoutRunQuery = z.object({ date: z.iso.date() });
const resetTwoStepQuery = z.object({ email: z.email() });
const feeCorrectionQuery = z.object({
  merchant: z.coerce.number().int().positive(),
  month: z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/),
  amount: z.coerce.number().int().min(0),
  reason: z.string().min(1).max(60),
});
const useCouponQuery = z.object({
  wallet: z.string().regex(/^\d{10}$/),
  amount: z.coerce.number().int().positive().max(10_000_000),
});
const payLinkQuery = z.object({ ref: z.string().min(1).max(2000), wallet: z.string().regex(/^\d{10}$/) });
const issueInvoiceBody = z.object({
  merchantId: z.number().int().positive(),
  title: z.string().min(1).max(100),
  amount: z.number().int().positive().max(100_000_000),
  dueDate: z.iso.date(),
  itemName: z.string().min(1).max(100).optional(),
  issuerMerchantId: z.number().int().positive().optional(),
});

/**
 * The operator's refund endpoints, for `npm run admin` when the server holds the embedded database.
 * Not part of the API: they live on their own listener bound to 127.0.0.1 (buildOperatorApp), never
 * on the public port, the contract or the OpenAPI document. A caller that is not on the loopback
 * interface (TCP peer address, never forwarding headers) or lacks the secret is answered 404.
 */
export function registerRefundOperatorRoutes(
  app: FastifyInstance,
  deps: { db: Db; secret: string; publicUrl?: string; bankAccountHoldHours?: number },
): void {
  const expected = digest(deps.secret);
  const guard = async (request: FastifyRequest) => {
    const header = request.headers[OPERATOR_SECRET_HEADER];
    const peer = request.socket.remoteAddress ?? '';
    if (!LOOPBACK.has(peer) || typeof header !== 'string' || !timingSafeEqual(digest(header), expected)) {
      throw new DomainError('not_found');
    }
  };
  const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new DomainError('invalid_request', issue?.message, issue?.path.map(String).join('.') || undefined);
    }
    return result.data;
  };

  app.register(
    async (operator) => {
      operator.addHook('onRequest', guard);
      operator.get('/refunds', async (request) => {
        const query = parse(listQuery, request.query);
        return { items: await operatorRefundList(deps.db, query) };
      });
      operator.post('/idempotency-keys/prune', async (request) => {
        const { days } = parse(pruneQuery, request.query);
        return { deleted: await pruneIdempotencyKeys(deps.db, days) };
      });
      // Money in and out: the operator pays a link as a customer, issues an invoice.
      operator.post('/url-payments/pay', async (request) => {
        const { ref, wallet } = parse(payLinkQuery, request.query);
        const paid = await operatorPayUrlPayment(deps.db, {
          ref,
          walletNo: wallet,
          publicUrl: deps.publicUrl ?? 'http://localhost:3000',
        });
        request.log.info({ urlPaymentId: paid.link.id, operator: true }, 'payment link paid by the operator');
        return paid;
      });
      // Two-step sign-in: the operator removes the factors of a user who lost them all (issue 24).
      operator.post('/two-step/reset', async (request) => {
        const { email } = parse(resetTwoStepQuery, request.query);
        const reset = await resetTwoStep(deps.db, email, new Date(), deps.publicUrl);
        request.log.info(
          { userId: reset.user_id, removed: reset.removed, operator: true },
          'two-step reset by the operator',
        );
        return reset;
      });
      // Documents: the operator corrects a month's fees (issue 26).
      operator.post('/fees/correct', async (request) => {
        const { merchant, month, amount, reason } = parse(feeCorrectionQuery, request.query);
        const corrected = await correctMonthlyFee(deps.db, { merchantId: merchant, month, amount, reason }, new Date());
        request.log.info({ merchantId: merchant, month, amount, operator: true }, 'fees corrected by the operator');
        return corrected;
      });
      // Payouts: the operator's run of a date.
      operator.post('/payouts/run', async (request) => {
        const { date } = parse(payoutRunQuery, request.query);
        const run = await runPayouts(deps.db, date, new Date(), deps.bankAccountHoldHours);
        request.log.info({ date, paid: run.paid.length, skipped: run.skipped.length, operator: true }, 'payout run');
        return run;
      });
      // Customer programs: a coupon used in a payment, the automatic payments of a date.
      operator.post('/coupons/:id/use', async (request) => {
        const { id } = parse(approveParams, request.params);
        const { wallet, amount } = parse(useCouponQuery, request.query);
        return useCoupon(deps.db, { couponId: id, walletNo: wallet, purchaseAmount: amount }, new Date());
      });
      operator.post('/automatic-payments/run', async (request) => {
        const { date } = parse(payoutRunQuery, request.query);
        return runAutomaticPayments(deps.db, date);
      });
      operator.post('/invoices', async (request) => {
        const input = parse(issueInvoiceBody, request.body);
        return operatorIssueInvoice(deps.db, input);
      });
      operator.post('/refunds/:id/approve', async (request, reply: FastifyReply) => {
        const { id } = parse(approveParams, request.params);
        const approved = await approveRefund(deps.db, { applicationId: id });
        request.log.info({ refundApplicationId: id, operator: true }, 'refund approved by the operator');
        return reply.send(approved);
      });
    },
    { prefix: '/operator' },
  );
}

/** The operator listener's app (server.ts makes it listen on 127.0.0.1, an ephemeral port). */
export async function buildOperatorApp(deps: {
  db: Db;
  secret: string;
  /** The public URL payment links are built on. */
  publicUrl?: string;
  /** BANK_ACCOUNT_HOLD_HOURS: payouts to a changed account wait this long. */
  bankAccountHoldHours?: number;
  logLevel: Config['logLevel'];
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logLevel === 'silent' ? false : { level: deps.logLevel } });
  installErrorHandler(app);
  registerRefundOperatorRoutes(app, deps);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ type: 'not_found', message: '見つかりません' }));
  await app.ready();
  return app;
}
