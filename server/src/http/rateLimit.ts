import type { CallId } from '@coin/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { DomainError } from '../domain/errors';

/**
 * Calls limited per client address: the ones a stranger can use to guess passwords or tokens, and the
 * two that check the caller's current password (someone at an unattended signed-in console must not
 * be able to guess it, then change the address or the password).
 */
export const RATE_LIMITED_CALLS: ReadonlySet<CallId> = new Set<CallId>([
  'createMerchantSession',
  'completeSecondStep',
  'secondStepPasskeyOptions',
  'requestPasswordReset',
  'resetPassword',
  'verifyInvitation',
  'activateInvitation',
  'verifyEmail',
  'changePassword',
  'changeEmail',
]);

/**
 * Registers @fastify/rate-limit without a global limit; routes of RATE_LIMITED_CALLS opt in (routes/index.ts).
 * Counters live in Redis when REDIS_URL is set (shared by every instance), in memory otherwise.
 * Over the limit the answer is 429 `rate_limited`. Answers the Redis client (the readiness check pings it).
 */
export async function installRateLimit(
  app: FastifyInstance,
  config: Config,
  namespace = 'coin-rate-limit:',
): Promise<{ redis: Redis | null }> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limit) unavailable'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowSeconds * 1000,
    ...(redis ? { redis, nameSpace: namespace } : {}),
    // A Redis outage must not lock everybody out: requests pass (the lockout still guards passwords).
    skipOnError: true,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => new DomainError('rate_limited'),
  });
  return { redis: redis ?? null };
}
