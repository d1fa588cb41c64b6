import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/connection';
import { DEMO, describeWithDatabase, signIn, testConfig } from '../testing/harness';
import { buildApp } from './app';
import { buildMetricsApp, installOperations } from './operations';

// /healthz, /readyz and the metrics listener an operator runs the service with.

describeWithDatabase('operations', (env) => {
  it('answers alive and ready, with the database checked and Redis not configured', async () => {
    const alive = await env().app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    // Each check has 2 s; on a starved machine the embedded database may take longer once, as a load
    // balancer would see, so ask again as it would.
    await expect
      .poll(
        async () => {
          const ready = await env().app.inject({ method: 'GET', url: '/readyz' });
          return [ready.statusCode, ready.json()];
        },
        { timeout: 20_000 },
      )
      .toEqual([200, { status: 'ok', checks: { database: 'ok', redis: 'not_configured' } }]);
  });

  it('counts requests per route pattern and reads the outbox, payouts and automatic payments into the metrics', async () => {
    const owner = await signIn(env().app, DEMO.owner);
    const balances = await env().app.inject({
      method: 'GET',
      url: '/api/merchants/1/latest_payment_history',
      headers: { authorization: owner.authorization },
    });
    expect(balances.statusCode).toBe(200);
    const metrics = await buildMetricsApp(env().app.operations.registry);
    const answer = await metrics.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    // The pattern, not the URL: no merchant id, no token in a label.
    expect(text).toMatch(
      /coin_http_requests_total\{method="GET",route="\/api\/merchants\/:id\/latest_payment_history",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /coin_http_request_duration_seconds_count\{method="POST",route="\/api\/sessions\/merchant"\} [1-9]/,
    );
    expect(text).toMatch(/coin_mail_outbox\{state="waiting"\} \d+/);
    expect(text).toMatch(/coin_mail_outbox\{state="failed"\} \d+/);
    // The demo has paid and passed-over closings, and automatic payments of every result.
    expect(text).toMatch(/coin_payout_outcomes\{outcome="paid"\} [1-9]/);
    expect(text).toMatch(/coin_payout_outcomes\{outcome="skipped"\} [1-9]/);
    expect(text).toMatch(/coin_automatic_payment_results\{result="SUCCEEDED"\} [1-9]/);
    expect(text).toContain('process_cpu_seconds_total');
    if (env().target.url) expect(text).toMatch(/coin_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toContain('coin_db_pool_connections{');
    await metrics.close();
  });
});

describe('readiness', () => {
  // A database that answers (an empty embedded one), and one that cannot (nothing listens on port 1).
  let working: Db | undefined;
  const unreachable = openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', maxConnections: 1 });
  beforeAll(() => {
    working = openDatabase({ databaseUrl: null });
  });
  afterAll(async () => {
    await working?.destroy();
    await unreachable.destroy();
  });
  const database = (answers: boolean): Db => {
    if (!working) throw new Error('no database yet');
    return answers ? working : unreachable;
  };

  it('answers 503 when the database or Redis does not answer, and from the start of a shutdown', async () => {
    for (const [dbAnswers, redisAnswers, expected] of [
      [true, true, { status: 'ok', checks: { database: 'ok', redis: 'ok' } }],
      [false, true, { status: 'unavailable', checks: { database: 'failed', redis: 'ok' } }],
      [true, false, { status: 'unavailable', checks: { database: 'ok', redis: 'failed' } }],
    ] as const) {
      const app = Fastify({ logger: false });
      // A generous time for each check: what is refused here is refused at once, what works must not
      // miss the limit on a loaded machine.
      installOperations(app, {
        checkTimeoutMs: 15_000,
        db: database(dbAnswers),
        redis: { ping: async () => (redisAnswers ? 'PONG' : Promise.reject(new Error('ECONNREFUSED'))) },
      });
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.json()).toEqual(expected);
      expect(answer.statusCode).toBe(expected.status === 'ok' ? 200 : 503);
      await app.close();
    }
    const app = Fastify({ logger: false });
    const operations = installOperations(app, { db: database(true), checkTimeoutMs: 15_000 });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    operations.markShuttingDown();
    const closing = await app.inject({ method: 'GET', url: '/readyz' });
    expect(closing.statusCode).toBe(503);
    expect(closing.json()).toEqual({ status: 'shutting_down' });
    // Alive all the same: the process still answers.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it.runIf(process.env.TEST_REDIS_URL)('pings the Redis of REDIS_URL', async () => {
    const app = await buildApp({
      config: testConfig({ REDIS_URL: process.env.TEST_REDIS_URL ?? '' }),
      db: database(true),
      rateLimitNamespace: `operations-test-${process.pid}:`,
    });
    // The client connects in the background: ready once it has (a loaded machine may take a while).
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/readyz' })).json(), { timeout: 20_000 })
      .toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    await app.close();
  });
});
