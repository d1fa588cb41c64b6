import { randomUUID } from 'node:crypto';
import { buildOpenApiDocument } from '@coin/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { TokenSigner } from '../domain/tokens';
import { installAuth } from './auth';
import { installNotFound, registerConsole } from './console';
import { installErrorHandler } from './errors';
import { registerCallRoutes } from './routes';
import { zodValidatorCompiler } from './validation';

export interface BuildAppOptions {
  config: Config;
  db: Db;
}

/** The whole service as a Fastify instance (tests `inject()` into it; server.ts makes it listen). */
export async function buildApp({ config, db }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  });
  const signer = new TokenSigner(config.jwtSecret);
  const deps = { config, db, signer };

  app.setValidatorCompiler(zodValidatorCompiler);
  installErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const { available } = await registerConsole(app, config);
  installNotFound(app, available);

  installAuth(app, deps);
  await app.register(
    async (api) => {
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
