import { type MigrationResult, Migrator } from 'kysely/migration';
import type { Db } from './connection';
import { MIGRATIONS } from './migrations';

/** The migrator over the static migration list; `schema` keeps its bookkeeping tables in that schema. */
export function migratorOf(db: Db, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Brings the schema up to date; throws (naming the migration) when one fails. */
export async function migrateToLatest(db: Db, options: { schema?: string } = {}): Promise<MigrationResult[]> {
  const { error, results = [] } = await migratorOf(db, options.schema).migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    if (!failed) throw error;
    throw new Error(`migration ${failed.migrationName} failed: ${String(error)}`, { cause: error });
  }
  return results;
}
