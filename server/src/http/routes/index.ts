import { CALLS, type CallDef, type CallId } from '@coin/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { DomainError } from '../../domain/errors';
import { runIdempotent } from '../../domain/idempotency';
import { FILE_STREAM_COMPRESSION } from '../compression';
import { idempotencyKeyOf, sendIdempotent } from '../idempotency';
import { RATE_LIMITED_CALLS } from '../rateLimit';
import { accountHandlers } from './accounts';
import { auditLogHandlers } from './auditLog';
import type { AppDeps, CallContext, CallHandler, CallHandlers } from './context';
import { documentHandlers } from './documents';
import { historyHandlers } from './history';
import { identityHandlers } from './identities';
import { journalHandlers } from './journal';
import { merchantSettingsHandlers } from './merchantSettings';
import { merchantHandlers } from './merchants';
import { moneyOutHandlers } from './moneyOut';
import { noticeHandlers } from './notices';
import { payoutHandlers } from './payouts';
import { programHandlers } from './programs';
import { refundHandlers } from './refunds';
import { sessionHandlers } from './sessions';
import { twoStepHandlers } from './twoStep';
import { walletHandlers } from './wallets';

/** Every call of the contract has exactly one handler: a new call fails the type check until it is served. */
const HANDLERS: CallHandlers<CallId> = {
  ...sessionHandlers,
  ...identityHandlers,
  ...merchantHandlers,
  ...walletHandlers,
  ...noticeHandlers,
  // Staff and accounts
  ...accountHandlers,
  ...auditLogHandlers,
  // Money: refunds
  ...refundHandlers,
  // Money: histories and fees
  ...historyHandlers,
  // Money in and out: payment requests, URL payments, invoices, reloads
  ...moneyOutHandlers,
  // Payouts, rebates and utility bills
  ...payoutHandlers,
  // Customer programs: coupons, book tickets, subscriptions, automatic payments
  ...programHandlers,
  // Merchant settings: profile, images, tags, rebate coin, bank account, payment QR code
  ...merchantSettingsHandlers,
  // Two-step sign-in: the caller's factors, the merchant's requirement
  ...twoStepHandlers,
  // Documents: fee invoices, payout statements, receipts
  ...documentHandlers,
  // The journal export's account names
  ...journalHandlers,
};

/** `/merchants/{id}` → `/merchants/:id` */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** One route per entry of the call table, under the API prefix the plugin is registered with. */
export function registerCallRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const [id, def] of Object.entries(CALLS) as [CallId, CallDef][]) {
    const schema: FastifySchema = {};
    if (def.params) schema.params = def.params;
    if (def.query) schema.querystring = def.query;
    if (def.body) schema.body = def.body;
    const handler = HANDLERS[id] as CallHandler<CallId>;
    const contextOf = (request: FastifyRequest, reply: FastifyReply, callDeps: AppDeps) =>
      ({
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        deps: callDeps,
      }) as CallContext<CallId>;
    app.route({
      method: def.method,
      url: fastifyPath(def.path),
      schema,
      // A CSV download streams up to a year of a wallet: compressed at the fastest levels.
      ...(id === 'downloadCsv' ? { compress: FILE_STREAM_COMPRESSION } : {}),
      config: {
        call: { id, access: def.access },
        // Limits from the plugin's registration (http/rateLimit.ts); other calls are not limited.
        rateLimit: RATE_LIMITED_CALLS.has(id) ? {} : false,
      },
      handler: def.idempotent
        ? // Money-moving: once per Idempotency-Key, the handler working in the key's transaction.
          async (request, reply) => {
            const key = idempotencyKeyOf(request);
            if (!request.auth) throw new DomainError('unauthorized');
            const answer = await runIdempotent(
              deps.db,
              {
                userId: request.auth.userId,
                key,
                method: def.method,
                // The raw query string is left out: clients add a cache-busting parameter to every send.
                path: request.url.split('?')[0] ?? request.url,
                body: def.query ? { query: request.query, body: request.body } : request.body,
              },
              async (trx) => ({
                body: await handler(contextOf(request, reply, { ...deps, db: trx })),
                status: reply.statusCode,
              }),
            );
            return sendIdempotent(reply, answer);
          }
        : async (request, reply) => handler(contextOf(request, reply, deps)),
    });
  }
}
