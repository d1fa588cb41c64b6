import { randomUUID } from 'node:crypto';
import { buildOpenApiDocument } from '@coin/contract';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { createMailer, type Mailer } from '../domain/mail';
import { TokenSigner } from '../domain/tokens';
import { installAuth } from './auth';
import { installBackground } from './background';
import { API_COMPRESSION } from './compression';
import { installNotFound, registerConsole } from './console';
import { installErrorHandler } from './errors';
import { installMailOutbox } from './mailOutbox';
import { installOperations, type Operations } from './operations';
import { installRateLimit } from './rateLimit';
import { registerCallRoutes } from './routes';
import type { AppDeps } from './routes/context';
import { installSecurityHeaders } from './securityHeaders';
import { zodValidatorCompiler } from './validation';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Defaults to SMTP when SMTP_URL is set, else `.eml` files under DATA_DIR/mail. */
  mailer?: Mailer;
  /** The clock; tests move it. */
  now?: () => Date;
  /** Key prefix of the rate-limit counters in Redis (tests use their own). */
  rateLimitNamespace?: string;
}

/** Mailed-link tokens (in API paths, in the pages' `?token=`) are secrets: the request log shows `[token]`. */
export function redactTokens(url: string): string {
  return url
    .replace(/^(\/api\/(?:invitations\/merchants|password_reset)\/)[^/?#]+/, '$1[token]')
    .replace(/([?&](?:token|activate_token|email_token|pass_token)=)[^&#]*/g, '$1[token]');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness and metrics (http/operations.ts). */
    operations: Operations;
  }
}

/**
 * Longest time a client may take to send a whole request (headers and body): a slow sender (slowloris)
 * cannot hold connections open. Answers are not limited by it (a CSV of a large wallet streams for longer).
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** An idle keep-alive connection is closed after this: above the 60 s idle timeout of common load balancers. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The whole service as a Fastify instance (tests `inject()` into it; server.ts makes it listen). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: {
              req: (request: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
                method: request.method,
                url: redactTokens(request.url),
                remoteAddress: request.ip ?? request.socket?.remoteAddress,
              }),
            },
          },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // On close, idle keep-alive connections end at once; requests in flight are answered first.
    forceCloseConnections: 'idle',
  });
  const signer = new TokenSigner(config.jwtSecret);
  const mailer = options.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const background = installBackground(app);
  const now = options.now ?? (() => new Date());
  const outbox = installMailOutbox(app, { db, mailer, now, background });
  const deps: AppDeps = { config, db, signer, mailer, now, background, outbox };

  installSecurityHeaders(app, config);
  // Answers above 1 KB go compressed to clients that accept it (http/compression.ts; the CSV downloads
  // at the fastest levels, routes/index.ts).
  await app.register(compress, API_COMPRESSION);
  app.setValidatorCompiler(zodValidatorCompiler);
  installErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const { available } = await registerConsole(app, config);
  installNotFound(app, available);

  installAuth(app, deps);
  const { redis } = await installRateLimit(app, config, options.rateLimitNamespace);
  app.decorate('operations', installOperations(app, { db, redis }));
  await app.register(
    async (api) => {
      // Image uploads (`consumes: multipart/form-data`); each handler reads its one file with its own limits.
      await api.register(multipart);
      registerCallRoutes(api, deps);
      const openApi = buildOpenApiDocument('/api');
      api.get('/openapi.json', async () => openApi);
      api.get('/health', async (request, reply) => {
        try {
          await sql`select 1`.execute(db);
          return { status: 'ok' };
        } catch (error) {
          request.log.error({ err: error }, 'database unreachable');
          return reply.status(503).send({ status: 'unavailable' });
        }
      });
    },
    { prefix: '/api' },
  );
  return app;
}
