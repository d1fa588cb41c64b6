/*
 * Vitest global setup of the server tests (vitest.config.ts): with TEST_DATABASE_URL, one migrated and
 * seeded PostgreSQL database is made per test run, and every test file that wants a seeded database gets
 * a copy of it (CREATE DATABASE … TEMPLATE copies the files: a fraction of a second, where migrating and
 * seeding took seconds per file). The copies and the template are dropped at the end of the run; those a
 * killed run left behind are dropped by the next one.
 */
import { randomBytes } from 'node:crypto';
import { installTestClock } from '@coin/contract/testClock';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded template database of this run (PostgreSQL), or null without TEST_DATABASE_URL. */
    postgresTemplate: string | null;
  }
}

/** Names of the databases of the test runs: `coin_t<epoch seconds>_<random>` and its copies `…_<random>`. */
export const TEST_DATABASE_PREFIX = 'coin_t';
/** A database of a run older than this is a leftover of a killed run. */
const LEFTOVER_AGE_SECONDS = 6 * 60 * 60;

/** The URL of another database on the same server. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function dropDatabases(url: string, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const admin = openDatabase({ databaseUrl: url, maxConnections: 1 });
  try {
    for (const name of names) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
  } finally {
    await admin.destroy();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('postgresTemplate', null);
    return undefined;
  }
  // The seed dates its data from the clock: the same test clock as the tests.
  installTestClock();
  // Named by the real time (performance's clock, which the test clock leaves alone): runs on different
  // test clocks at once must not take each other's databases for old leftovers.
  const now = Math.floor((performance.timeOrigin + performance.now()) / 1000);
  const template = `${TEST_DATABASE_PREFIX}${now}_${randomBytes(3).toString('hex')}`;
  const admin = openDatabase({ databaseUrl: url, maxConnections: 1 });
  try {
    const existing = await sql<{
      datname: string;
    }>`select datname from pg_database where datname like ${`${TEST_DATABASE_PREFIX}%`}`.execute(admin);
    const leftovers = existing.rows
      .map((row) => row.datname)
      .filter((name) => {
        const started = Number(/^coin_t(\d+)_/.exec(name)?.[1]);
        return Number.isFinite(started) && now - started > LEFTOVER_AGE_SECONDS;
      });
    await admin.destroy();
    await dropDatabases(url, leftovers);
    const setupAdmin = openDatabase({ databaseUrl: url, maxConnections: 1 });
    await sql`create database ${sql.id(template)}`.execute(setupAdmin);
    await setupAdmin.destroy();
  } catch (error) {
    await admin.destroy().catch(() => {});
    throw error;
  }
  const db = openDatabase({ databaseUrl: databaseUrl(url, template) });
  try {
    await migrateToLatest(db);
    await seedDemo(db);
  } finally {
    // CREATE DATABASE … TEMPLATE needs the template without connections.
    await db.destroy();
  }
  project.provide('postgresTemplate', template);
  return async () => {
    const admin = openDatabase({ databaseUrl: url, maxConnections: 1 });
    const copies = await sql<{
      datname: string;
    }>`select datname from pg_database where datname like ${`${template}%`}`.execute(admin);
    await admin.destroy();
    await dropDatabases(
      url,
      copies.rows.map((row) => row.datname),
    );
  };
}
