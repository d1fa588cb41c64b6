import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NOTIFICATION_MS, REQUEST_TIMEOUT_MS, type RuntimeConfig, runtimeConfigSchema } from '@coin/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The console's /config.json, built from the environment so one console build serves every installation. */
export function runtimeConfigOf(config: Config): RuntimeConfig {
  return runtimeConfigSchema.parse({
    apiBaseUrl: '/api',
    noticeUrl: config.noticeUrl,
    passwordMinLength: config.passwordMinLength,
    notificationMs: NOTIFICATION_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    appHandover: {
      scheme: config.appScheme,
      universalLinkBase: config.appUniversalLinkBase,
      iosStoreUrl: config.appIosStoreUrl,
      androidStoreUrl: config.appAndroidStoreUrl,
    },
  });
}

const NOT_BUILT_MESSAGE =
  'The console has not been built yet. Run `npm run build` (or `npm start`, which builds and serves it), then reload.\n';

/** Hashed file names under /assets never change content; everything else is revalidated. */
const LONG_CACHE = 'public, max-age=31536000, immutable';

/** A last path segment with an extension names a file; anything else is a console route. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

/**
 * Serves the built console and /config.json. Any GET that is not the API and not a file answers
 * index.html, whatever the Host (qr.* and app.* hostnames included): the console routes by itself.
 */
export async function registerConsole(app: FastifyInstance, config: Config): Promise<{ available: boolean }> {
  const runtimeConfig = runtimeConfigOf(config);
  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig;
  });

  const available = existsSync(join(config.consoleDist, 'index.html'));
  if (available) {
    await app.register(fastifyStatic, {
      root: config.consoleDist,
      prefix: '/',
      wildcard: true,
      // The build writes .br and .gz beside each file: the best one the browser accepts is sent
      // (Content-Encoding, Vary: Accept-Encoding), never compressed again per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? LONG_CACHE : 'no-cache');
      },
    });
  }
  return { available };
}

/** The fallback of every unmatched request: JSON 404 under /api, the console's index.html elsewhere. */
export function installNotFound(app: FastifyInstance, consoleAvailable: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isRead || looksLikeFile(path)) {
      return reply.status(404).send({ type: 'not_found', message: '見つかりません' });
    }
    if (!consoleAvailable) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
