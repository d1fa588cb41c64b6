import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connection';
import { poolStatsOf } from '../db/connection';

/**
 * What an operator runs the service with: a liveness and a readiness check for the load balancer, and
 * Prometheus metrics (prom-client) served apart from the public port.
 *
 * - `GET /healthz`: 200 while the process answers (no dependency checked: a database outage must not
 *   make the orchestrator restart every instance).
 * - `GET /readyz`: 200 when the database answers and, when REDIS_URL is set, Redis does; 503 otherwise
 *   and from the moment a shutdown starts, so the load balancer stops sending new requests.
 * - Metrics: requests per route and status, their durations, the database pool, the mail outbox
 *   (waiting and failed mails), payout and automatic-payment outcomes (read from the database at each
 *   scrape, so runs made by the admin command in another process count too), and Node's own metrics.
 */

/** Something that answers a ping: Redis through ioredis. */
export interface Pingable {
  ping(): Promise<unknown>;
}

export interface Operations {
  registry: Registry;
  /** Readiness answers 503 from now on (called when a shutdown starts). */
  markShuttingDown(): void;
}

/** A check that does not answer within this time counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function installOperations(
  app: FastifyInstance,
  deps: { db: Db; redis?: Pingable | null; checkTimeoutMs?: number },
): Operations {
  const { db, redis, checkTimeoutMs = CHECK_TIMEOUT_MS } = deps;
  let shuttingDown = false;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'coin_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'coin_http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/merchants/:id/…), never the raw URL: bounded label values, no ids or tokens.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'coin_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on the embedded database',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStatsOf(db);
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'coin_mail_outbox',
    help: 'Mails in the outbox: waiting for delivery, and given up after their last attempt',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('mail_outbox')
        .select([
          sql<number>`count(*) filter (where sent_at is null and failed_at is null)::int`.as('waiting'),
          sql<number>`count(*) filter (where failed_at is not null)::int`.as('failed'),
        ])
        .executeTakeFirstOrThrow();
      this.set({ state: 'waiting' }, row.waiting);
      this.set({ state: 'failed' }, row.failed);
    },
  });
  new Gauge({
    name: 'coin_payout_outcomes',
    help: 'Payout run outcomes recorded so far: closings paid, and closings passed over (no account, below the fees)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const [paid, skipped] = await Promise.all([
        db.selectFrom('payouts').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        db.selectFrom('payout_skips').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      this.set({ outcome: 'paid' }, paid.n);
      this.set({ outcome: 'skipped' }, skipped.n);
    },
  });
  new Gauge({
    name: 'coin_automatic_payment_results',
    help: 'Automatic payment charges by their latest result (SUCCEEDED, FAILED, RETRY_SCHEDULED)',
    labelNames: ['result'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('automatic_payments')
        .select(['result', sql<number>`count(*)::int`.as('n')])
        .groupBy('result')
        .execute();
      for (const result of ['SUCCEEDED', 'FAILED', 'RETRY_SCHEDULED'] as const) {
        this.set({ result }, rows.find((row) => row.result === result)?.n ?? 0);
      }
    },
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    if (shuttingDown) return reply.status(503).send({ status: 'shutting_down' });
    const checks: Record<string, 'ok' | 'failed' | 'not_configured'> = { database: 'ok', redis: 'not_configured' };
    try {
      await withTimeout(sql`select 1`.execute(db), checkTimeoutMs);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      checks.database = 'failed';
    }
    if (redis) {
      try {
        await withTimeout(redis.ping(), checkTimeoutMs);
        checks.redis = 'ok';
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: Redis does not answer');
        checks.redis = 'failed';
      }
    }
    const ready = !Object.values(checks).includes('failed');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });

  return {
    registry,
    markShuttingDown: () => {
      shuttingDown = true;
    },
  };
}

/** The metrics listener (METRICS_PORT): `GET /metrics` in Prometheus' text format, nothing else. */
export async function buildMetricsApp(registry: Registry): Promise<FastifyInstance> {
  const metrics = Fastify({ logger: false });
  metrics.get('/metrics', async (_request, reply) => {
    reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  });
  return metrics;
}
