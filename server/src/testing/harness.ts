import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StepUpPurpose, tokyoDayFrom } from '@coin/contract';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type Config, loadConfig } from '../config';
import { type Db, openDatabase, TYPE_PARSERS } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { PGliteDialect } from '../db/pglite-dialect';
import type { Database } from '../db/schema';
import { TokenSigner } from '../domain/tokens';
import { type BuildAppOptions, buildApp } from '../http/app';
import { seedDemo } from '../seed';
import { DEMO_PASSWORD } from '../seed/accounts';
import { databaseUrl } from './postgresTemplate.globalSetup';

export interface TestTarget {
  kind: 'pglite' | 'postgresql';
  url: string | null;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const TEST_TARGETS: TestTarget[] = [
  { kind: 'pglite', url: null },
  ...(process.env.TEST_DATABASE_URL ? [{ kind: 'postgresql' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'coin-test-')),
    CONSOLE_DIST: join(tmpdir(), 'coin-test-no-console'),
    // Tests sign in far more often than people: the rate-limit tests set their own small limit.
    RATE_LIMIT_MAX: '1000000',
    // Reset mails at once (the timing test sets the production delay); the limit test sets its own.
    RESET_MAIL_DELAY_MS: '0',
    ACCOUNT_MAILS_PER_HOUR: '1000',
    ...env,
  });
}

export interface TestDatabase {
  db: Db;
  target: TestTarget;
  /** On PostgreSQL, the schema made for this database (its migration bookkeeping lives there). */
  schema?: string;
  close(): Promise<void>;
}

const SNAPSHOT_PREFIX = 'coin-test-pglite-';
const SNAPSHOT_MAX_AGE_MS = 60 * 60 * 1000;

/** When a file was last written; now when it is gone (another test process removed it meanwhile). */
function modifiedAt(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
}

/**
 * A dump of a freshly migrated and seeded PGlite, made once per test run (vitest's workers share its
 * pid as their parent) and loaded by every file: starting from it skips initdb, migration and seed.
 */
async function seededPgliteSnapshot(): Promise<Blob> {
  const file = join(tmpdir(), `${SNAPSHOT_PREFIX}${process.ppid}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (name.startsWith(SNAPSHOT_PREFIX) && Date.now() - modifiedAt(path) > SNAPSHOT_MAX_AGE_MS) {
      rmSync(path, { force: true });
    }
  }
  const pglite = await PGlite.create({ parsers: TYPE_PARSERS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ open: async () => pglite }) });
  await migrateToLatest(db);
  await seedDemo(db);
  const dump = await pglite.dumpDataDir('gzip');
  await db.destroy();
  // Written aside then renamed, so a concurrent reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** A copy of the run's seeded template database (postgresTemplate.globalSetup.ts), dropped on close. */
async function copyOfTemplate(target: TestTarget, url: string, template: string): Promise<TestDatabase> {
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = openDatabase({ databaseUrl: url, maxConnections: 1 });
  try {
    await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const db = openDatabase({ databaseUrl: databaseUrl(url, name) });
  const close = async () => {
    await db.destroy();
    const dropper = openDatabase({ databaseUrl: url, maxConnections: 1 });
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(dropper);
    await dropper.destroy();
  };
  return { db, target, close };
}

/**
 * A fresh, migrated database: a new in-memory PGlite, or on PostgreSQL a copy of the run's seeded
 * template (seeded) or a new schema (not seeded); dropped on close.
 */
export async function createTestDatabase(target: TestTarget, options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const seed = options.seed ?? true;
  if (!target.url && seed) {
    const db = openDatabase({ databaseUrl: null, pgliteSnapshot: await seededPgliteSnapshot() });
    return { db, target, close: () => db.destroy() };
  }
  const template = target.url && seed ? inject('postgresTemplate') : null;
  if (target.url && template) return copyOfTemplate(target, target.url, template);
  let schema: string | undefined;
  if (target.url) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = openDatabase({ databaseUrl: target.url, maxConnections: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
  }
  const db = openDatabase({ databaseUrl: target.url, ...(schema ? { searchPath: schema } : {}) });
  const close = async () => {
    await db.destroy();
    if (schema && target.url) {
      const admin = openDatabase({ databaseUrl: target.url, maxConnections: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    }
  };
  try {
    await migrateToLatest(db, schema ? { schema } : {});
    if (seed) await seedDemo(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, target, ...(schema ? { schema } : {}), close };
}

export interface TestEnv {
  app: FastifyInstance;
  db: Db;
  config: Config;
  signer: TokenSigner;
  target: TestTarget;
}

interface SuiteOptions {
  /** Environment variables of the test configuration. */
  env?: Record<string, string>;
  /** Built once per database: a recording mailer, a movable clock… */
  app?: () => Omit<BuildAppOptions, 'config' | 'db'>;
}

/**
 * The database of a suite whose SQL runs alike on both: PostgreSQL when TEST_DATABASE_URL names one (the
 * production database, where requests run truly side by side), PGlite otherwise.
 */
export const ONE_TARGET: TestTarget = TEST_TARGETS[TEST_TARGETS.length - 1] ?? { kind: 'pglite', url: null };

/**
 * Runs a suite once per test database, for what the two databases run differently: COPY, locks and
 * concurrency, keyset scans, migrations. The suite shares one seeded database (tests that change state
 * use their own sessions); `env()` is valid inside tests and hooks.
 */
export function describeEachDatabase(title: string, body: (env: () => TestEnv) => void, options: SuiteOptions = {}) {
  for (const target of TEST_TARGETS) describeOn(target, title, body, options);
}

/** Runs a suite once, on ONE_TARGET: everything else (the rules, the answers, the mails). */
export function describeWithDatabase(title: string, body: (env: () => TestEnv) => void, options: SuiteOptions = {}) {
  describeOn(ONE_TARGET, title, body, options);
}

function describeOn(
  target: TestTarget,
  title: string,
  body: (env: () => TestEnv) => void,
  options: SuiteOptions,
): void {
  describe(`${title} [${target.kind}]`, () => {
    let current: TestEnv | undefined;
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createTestDatabase(target);
      const config = testConfig(options.env);
      const app = await buildApp({ config, db: database.db, ...options.app?.() });
      await app.ready();
      current = { app, db: database.db, config, signer: new TokenSigner(config.jwtSecret), target };
    });
    afterAll(async () => {
      await current?.app.close();
      await database?.close();
    });
    body(() => {
      if (!current) throw new Error('test environment used outside a test');
      return current;
    });
  });
}

export const DEMO = {
  owner: 'owner@example.com',
  manager: 'manager@example.com',
  managerNoPayment: 'manager-np@example.com',
  member: 'member@example.com',
  noRoles: 'noroles@example.com',
  /** Owner of まちのパン屋 only: a user of another merchant as far as 本店 is concerned. */
  otherMerchantOwner: 'bakery@example.com',
  mainMerchantId: 1,
  stationMerchantId: 2,
  bakeryMerchantId: 3,
  mainWalletNo: '1100000001',
  bakeryWalletNo: '1100000003',
} as const;

export interface SignedIn {
  userId: number;
  authorization: string;
  reauthToken: string;
  popinfoId: string;
}

export function bearerOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers.authorization;
  return typeof header === 'string' ? header : undefined;
}

export function claimsOf(authorization: string): Record<string, unknown> {
  const payload = authorization.replace(/^Bearer /, '').split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sessions/merchant',
    payload: { email, password, platform: 'web' },
  });
  const authorization = bearerOf(response);
  const body = response.json() as { identity: { user_id: number }; reauth_token?: string };
  if (response.statusCode !== 200 || !authorization || !body.reauth_token) {
    throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return {
    userId: body.identity.user_id,
    authorization,
    reauthToken: body.reauth_token,
    popinfoId: String(claimsOf(authorization).popinfo_id),
  };
}

/**
 * Proves the signed-in user for one change (POST /sessions/current/step_up), as the console's step-up
 * dialog does; answers the proof's token, to send in the Step-Up-Token header with that change.
 */
export async function stepUp(
  app: FastifyInstance,
  session: Pick<SignedIn, 'authorization'>,
  purpose: StepUpPurpose,
  merchantId: number | null = null,
  proof: Record<string, unknown> = { password: DEMO_PASSWORD },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sessions/current/step_up',
    headers: { authorization: session.authorization },
    payload: { purpose, merchant_id: merchantId, ...proof },
  });
  if (response.statusCode !== 200) throw new Error(`step-up failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { step_up_token: string }).step_up_token;
}

/**
 * Sends a request as the console does: refused for want of a proof (403 `step_up_required`), the user
 * proves themselves for that change in the merchant its path names, and it is sent again with the proof.
 */
export async function injectProved(
  app: FastifyInstance,
  session: Pick<SignedIn, 'authorization'>,
  request: { method: InjectMethod; url: string; payload?: unknown; query?: Record<string, string> },
  proof: Record<string, unknown> = { password: DEMO_PASSWORD },
) {
  const send = (headers: Record<string, string>) =>
    app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
      ...(request.query ? { query: request.query } : {}),
    });
  const first = await send({ authorization: session.authorization });
  if (first.statusCode !== 403 || first.json().type !== 'step_up_required') return first;
  const merchant = /\/api\/merchants\/(\d+)\//.exec(request.url)?.[1];
  const token = await stepUp(app, session, first.json().purpose, merchant ? Number(merchant) : null, proof);
  return send(withProof(session, token));
}
type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The headers of a change made with a step-up proof. */
export const withProof = (session: Pick<SignedIn, 'authorization'>, proof: string) => ({
  authorization: session.authorization,
  'step-up-token': proof,
});

/** A sign-in bound to a merchant, as the console makes it (POST /merchants/{id}/sessions after signing in). */
export async function signInAt(app: FastifyInstance, email: string, merchantId: number): Promise<SignedIn> {
  const session = await signIn(app, email);
  const response = await app.inject({
    method: 'POST',
    url: `/api/merchants/${merchantId}/sessions`,
    headers: { authorization: session.authorization },
  });
  const authorization = bearerOf(response);
  const body = response.json() as { reauth_token?: string };
  if (response.statusCode !== 200 || !authorization || !body.reauth_token) {
    throw new Error(`binding ${email} to merchant ${merchantId} failed: ${response.statusCode} ${response.body}`);
  }
  return { ...session, authorization, reauthToken: body.reauth_token };
}

/** Tokyo calendar day `days` from today, 'YYYY-MM-DD'. */
export const tokyoDay = (days = 0): string => tokyoDayFrom(days);
