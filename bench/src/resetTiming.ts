/**
 * Reset timing bench (issue 23, point 7): does a password-reset request for a known address make the
 * answers right after it slower than one for an unknown address? On the embedded database (one
 * connection), for RESET_MAIL_DELAY_MS 0 (the lookup at once, as before) and the default, it sends
 * PAIRS pairs of requests (known and unknown, in random order, PAUSE_MS apart) and times the FOLLOW
 * database-touching answers that come right after each; it reports in how many pairs the known
 * address's answers were the slower (half of them when nothing tells the two apart) and the sign test's
 * two-sided p-value. The per-address mail limit is raised so that it does not hide the effect.
 * Usage: npx tsx bench/src/resetTiming.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';
import { migrateToLatest } from '../../server/src/db/migrate';
import { buildApp } from '../../server/src/http/app';
import { seedDemo } from '../../server/src/seed';

const PAIRS = Number(process.env.PAIRS ?? 120);
const FOLLOW = 5;
const PAUSE_MS = 150;
const KNOWN = ['owner@example.com', 'manager@example.com', 'manager-np@example.com', 'member@example.com'];

/** Two-sided sign test: the chance of a split at least this uneven when each pair is a coin toss. */
function signTestP(successes: number, trials: number): number {
  const extreme = Math.max(successes, trials - successes);
  let tail = 0;
  let coefficient = 1; // C(trials, 0)
  for (let k = 0; k <= trials; k++) {
    if (k > 0) coefficient = (coefficient * (trials - k + 1)) / k;
    if (k >= extreme) tail += coefficient / 2 ** trials;
  }
  return Math.min(1, 2 * tail);
}

async function measure(delayMs: number): Promise<{ knownSlower: number; pairs: number; p: number }> {
  const db = openDatabase({ databaseUrl: null });
  await migrateToLatest(db);
  await seedDemo(db);
  const config = loadConfig({
    JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'coin-bench-reset-')),
    CONSOLE_DIST: join(tmpdir(), 'coin-bench-no-console'),
    RATE_LIMIT_MAX: '1000000',
    ACCOUNT_MAILS_PER_HOUR: '1000',
    RESET_MAIL_DELAY_MS: String(delayMs),
  });
  const app = await buildApp({ config, db });
  await app.ready();
  const follow = async () => {
    const started = performance.now();
    for (let i = 0; i < FOLLOW; i++) {
      await app.inject({
        method: 'PUT',
        url: `/api/invitations/merchants/${randomBytes(32).toString('base64url')}`,
        payload: {},
      });
    }
    return performance.now() - started;
  };
  const afterReset = async (email: string) => {
    await app.inject({ method: 'POST', url: '/api/password_reset', payload: { email, requester: 'MerchantWeb' } });
    const took = await follow();
    await sleep(PAUSE_MS);
    return took;
  };
  for (let i = 0; i < 10; i++) await follow(); // warm up
  let knownSlower = 0;
  for (let i = 0; i < PAIRS; i++) {
    const known = KNOWN[i % KNOWN.length] ?? KNOWN[0];
    const unknown = `nobody-${i}@example.com`;
    let knownMs: number;
    let unknownMs: number;
    if (Math.random() < 0.5) {
      knownMs = await afterReset(known as string);
      unknownMs = await afterReset(unknown);
    } else {
      unknownMs = await afterReset(unknown);
      knownMs = await afterReset(known as string);
    }
    if (knownMs > unknownMs) knownSlower++;
  }
  await app.close();
  await db.destroy();
  return { knownSlower, pairs: PAIRS, p: signTestP(knownSlower, PAIRS) };
}

const defaultDelay = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() }).resetMailDelayMs;
console.log(`reset timing on the embedded database: ${PAIRS} pairs, ${FOLLOW} answers timed after each request`);
for (const delay of [0, defaultDelay]) {
  const { knownSlower, pairs, p } = await measure(delay);
  console.log(
    `  RESET_MAIL_DELAY_MS=${String(delay).padEnd(5)} known address slower in ${knownSlower} of ${pairs} pairs` +
      ` (${((100 * knownSlower) / pairs).toFixed(0)} %; sign test p = ${p.toPrecision(2)})`,
  );
}
