import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { DEMO_CUSTOMER_WALLET } from '../seed/moneyOut';
import { DEMO } from '../testing/harness';
import { type ServerProcess, startServerProcess } from '../testing/processes';

/*
 * Two server processes on one PostgreSQL database and one Redis, as behind a load balancer: a sign-in
 * made on one works on the other, one Idempotency-Key sent to both moves money once, and the rate limit
 * counts requests to both. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI has both); without them
 * there is nothing to share, and the suite says it was skipped.
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const RATE_LIMIT_MAX = 6;

describe.skipIf(!DATABASE_URL || !REDIS_URL)('two processes, one database (PostgreSQL and Redis)', () => {
  const database = `coin_two_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'coin-two-'));
  const servers: ServerProcess[] = [];
  const admin = () => openDatabase({ databaseUrl: DATABASE_URL ?? null, maxConnections: 1 });
  const urlOf = (name: string) => {
    const url = new URL(DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  };
  const [a, b] = [() => servers[0] as ServerProcess, () => servers[1] as ServerProcess];

  beforeAll(async () => {
    const db = admin();
    await sql`create database ${sql.id(database)}`.execute(db);
    await db.destroy();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: urlOf(database),
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      TRUST_PROXY: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CONSOLE_DIST: join(dataDir, 'no-console'),
    };
    // One after the other: the first migrates and seeds the empty database, the second finds it ready.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    const db = admin();
    await sql`drop database if exists ${sql.id(database)} with (force)`.execute(db);
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (api: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  async function signInOn(api: string) {
    const response = await post(api, '/sessions/merchant', {
      email: DEMO.owner,
      password: 'demo-password',
      platform: 'web',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reauth_token: string };
    return { authorization: response.headers.get('authorization') ?? '', reauthToken: body.reauth_token };
  }

  it('a sign-in made on one process works on the other, and so does its refresh', async () => {
    const session = await signInOn(a().api);
    const wallet = await fetch(`${b().api}/wallets/${DEMO.mainWalletNo}`, {
      headers: { authorization: session.authorization },
    });
    expect(wallet.status).toBe(200);
    const popinfoId = JSON.parse(Buffer.from(session.authorization.split('.')[1] ?? '', 'base64url').toString())
      .popinfo_id as string;
    const refreshed = await post(b().api, '/sessions/refresh', {
      reauth_token: session.reauthToken,
      popinfo_id: popinfoId,
      platform: 'web',
    });
    expect(refreshed.status).toBe(200);
  });

  it('one Idempotency-Key sent to both processes at once moves money once', async () => {
    const session = await signInOn(a().api);
    const key = randomUUID();
    const reload = (api: string) =>
      post(
        api,
        `/merchants/${DEMO.mainMerchantId}/reloads`,
        { wallet_no: DEMO_CUSTOMER_WALLET, coin_id: 1, amount: 700 },
        { authorization: session.authorization, 'idempotency-key': key },
      );
    const db = openDatabase({ databaseUrl: urlOf(database), maxConnections: 1 });
    const balance = async () => {
      const row = await db
        .selectFrom('wallet_balances')
        .select('amount')
        .where('wallet_no', '=', DEMO_CUSTOMER_WALLET)
        .where('coin_id', '=', 1)
        .executeTakeFirst();
      return Number(row?.amount ?? 0);
    };
    try {
      const before = await balance();
      const answers = await Promise.all([reload(a().api), reload(b().api), reload(a().api), reload(b().api)]);
      const bodies = await Promise.all(answers.map((answer) => answer.text()));
      // Each answer is the first one's (a retry of the same request), or 409 while that one is still running.
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const done = bodies.filter((_, i) => answers[i]?.status === 200);
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(new Set(done).size).toBe(1);
      expect((await balance()) - before).toBe(700);
      // A retry after all of them answers the same again, and moves nothing.
      const retry = await reload(b().api);
      expect(retry.status).toBe(200);
      expect(await retry.text()).toBe(done[0]);
      expect((await balance()) - before).toBe(700);
    } finally {
      await db.destroy();
    }
  });

  it('the rate limit counts requests to both processes together', async () => {
    const email = `two-${randomBytes(4).toString('hex')}@example.com`;
    // A client address of this run only (TRUST_PROXY): counters of an earlier run in Redis do not count.
    const client = { 'x-forwarded-for': `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}` };
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 2; i++) {
      const api = i % 2 === 0 ? a().api : b().api;
      statuses.push((await post(api, '/password_reset', { email, requester: 'MerchantWeb' }, client)).status);
    }
    // Each process alone saw half the requests, under the limit; together they pass it.
    expect(statuses.slice(0, RATE_LIMIT_MAX)).toEqual(Array(RATE_LIMIT_MAX).fill(200));
    expect(statuses.slice(RATE_LIMIT_MAX)).toEqual([429, 429]);
  });
});
