import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { callbackQueryPool } from './callbackPool';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Runs `fn` in the caller's transaction when `db` is one (an idempotent request), else in a new one. */
export async function inTransaction<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

// PostgreSQL type oids read differently from the drivers' defaults.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
/** bigint/numeric → number (amounts are yen, far inside 2^53); dates stay 'YYYY-MM-DD' (no local-time shift). */
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [INT8]: Number,
  [NUMERIC]: Number,
  [DATE]: (value) => value,
};

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; null opens PGlite. */
  databaseUrl: string | null;
  /** PGlite data directory; undefined keeps it in memory. */
  pgliteDir?: string;
  /** A PGlite data directory dump (tarball) to start the in-memory database from. */
  pgliteSnapshot?: Blob;
  /** Schema to use (created by the caller), first on the search_path. */
  searchPath?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * PostgreSQL: an idle pooled connection failed (the server restarted, the network dropped it). pg
   * discards it and opens another on the next query; without a listener the error would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

const warnIdleConnectionError = (error: Error) =>
  process.emitWarning(`an idle PostgreSQL connection failed and was discarded: ${error.message}`);

/**
 * PGlite keeps its files for one process only: a second process (a seed run beside the server)
 * would corrupt them, so the data directory is locked with a pid file while open.
 */
function lockDataDir(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `the embedded database ${dir} is in use by process ${holder}; stop it first (PGlite is single-process)`,
      );
    }
    // A stale lock left by a process that died.
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PostgreSQL pool behind each database opened here (none for PGlite), for the metrics. */
const pools = new WeakMap<Db, pg.Pool>();

/** The database's PostgreSQL pool (what a COPY reads through, db/copyOut.ts); null on the embedded database. */
export function postgresPoolOf(db: Db): pg.Pool | null {
  return pools.get(db) ?? null;
}

/** The embedded database behind each database opened here (none for PostgreSQL). */
const embedded = new WeakMap<Db, PGliteDialect>();

/**
 * Runs a `COPY (query) TO '/dev/blob'` on the embedded database and answers its output as UTF-8 bytes (what
 * a history export reads its batches through, domain/histories.ts); null on PostgreSQL.
 */
export function embeddedCopyOf(db: Db): ((statement: string) => Promise<Uint8Array>) | null {
  const dialect = embedded.get(db);
  return dialect ? (statement) => dialect.copyBytes(statement) : null;
}

/** Connections of the database's PostgreSQL pool; null on the embedded database. */
export function poolStatsOf(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

export function openDatabase(options: OpenDatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
    });
    pool.on('error', options.onIdleConnectionError ?? warnIdleConnectionError);
    // Named statements (prepared.ts: hot reads only) get a generic plan from their first execution:
    // PostgreSQL's default would plan each of the first five for its values, then keep doing so for a
    // LIMIT query whose custom plan looks cheaper, and planning is what preparing them saves. Set as each
    // connection opens (queued before its first query), not as a startup option, which poolers such as
    // PgBouncer refuse; should it fail, the statements are still prepared, only planned per execution.
    pool.on('connect', (client) => {
      client.query('set plan_cache_mode = force_generic_plan', (error) => {
        if (error) process.emitWarning(`plan_cache_mode was not set on a new connection: ${error.message}`);
      });
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: callbackQueryPool(pool) }) });
    pools.set(db, pool);
    return db;
  }
  const { pgliteDir, pgliteSnapshot } = options;
  let unlock: (() => void) | undefined;
  const dialect = new PGliteDialect({
    onClose: () => unlock?.(),
    open: async () => {
      if (pgliteDir) unlock = lockDataDir(pgliteDir);
      return PGlite.create({
        ...(pgliteDir ? { dataDir: pgliteDir } : {}),
        ...(pgliteSnapshot ? { loadDataDir: pgliteSnapshot } : {}),
        parsers: TYPE_PARSERS,
      });
    },
    ...(options.searchPath ? { searchPath: options.searchPath } : {}),
  });
  const db = new Kysely<Database>({ dialect });
  embedded.set(db, dialect);
  return db;
}
