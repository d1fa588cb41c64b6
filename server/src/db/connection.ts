import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

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
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const { pgliteDir, pgliteSnapshot } = options;
  return new Kysely<Database>({
    dialect: new PGliteDialect({
      open: async () => {
        if (pgliteDir) mkdirSync(pgliteDir, { recursive: true });
        return PGlite.create({
          ...(pgliteDir ? { dataDir: pgliteDir } : {}),
          ...(pgliteSnapshot ? { loadDataDir: pgliteSnapshot } : {}),
          parsers: TYPE_PARSERS,
        });
      },
      ...(options.searchPath ? { searchPath: options.searchPath } : {}),
    }),
  });
}
