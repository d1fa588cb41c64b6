import { CALLS, type CallDef, type CallId } from '@coin/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { AppDeps, CallContext, CallHandler, CallHandlers } from './context';
import { identityHandlers } from './identities';
import { merchantHandlers } from './merchants';
import { noticeHandlers } from './notices';
import { sessionHandlers } from './sessions';
import { walletHandlers } from './wallets';

/** Every call of the contract has exactly one handler: a new call fails the type check until it is served. */
const HANDLERS: CallHandlers<CallId> = {
  ...sessionHandlers,
  ...identityHandlers,
  ...merchantHandlers,
  ...walletHandlers,
  ...noticeHandlers,
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
    app.route({
      method: def.method,
      url: fastifyPath(def.path),
      schema,
      config: { call: { id, access: def.access } },
      handler: async (request, reply) =>
        handler({
          params: request.params,
          query: request.query,
          body: request.body,
          request,
          reply,
          deps,
        } as CallContext<CallId>),
    });
  }
}
