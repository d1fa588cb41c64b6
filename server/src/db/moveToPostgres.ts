import { type Kysely, sql, type Transaction } from 'kysely';
import { type Db, openDatabase } from './connection';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/** Kysely's migration bookkeeping: the target's own migration run writes it. */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Rows read from the embedded database and written to PostgreSQL per statement. */
const BATCH = 5000;

export interface MovedTable {
  table: string;
  rows: number;
}

export interface MoveReport {
  /** Tables in the order they were copied (every table a foreign key points to comes first). */
  tables: MovedTable[];
  /** Sequences set on the target, with the value each next id starts after. */
  sequences: { sequence: string; lastValue: number; isCalled: boolean }[];
  /** The target's URL without its password. */
  target: string;
  ms: number;
}

/** Why a move was refused before anything was written (the target holds data, or the schemas differ). */
export class MoveRefused extends Error {
  override name = 'MoveRefused';
}

/** A PostgreSQL URL fit to print: its password replaced. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an invalid URL)';
  }
}

type AnyDb = Kysely<Database> | Transaction<Database>;

async function tablesOf(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and not c.relispartition
    order by c.relname`.execute(db);
  return rows.map((r) => r.name).filter((name) => !BOOKKEEPING.has(name));
}

/** Foreign keys between tables of the current schema: the table holding the key, and the one it points to. */
async function foreignKeysOf(db: AnyDb): Promise<{ name: string; from: string; to: string }[]> {
  const { rows } = await sql<{ name: string; from: string; to: string }>`
    select con.conname as name, src.relname as from, dst.relname as to
    from pg_constraint con
    join pg_class src on src.oid = con.conrelid
    join pg_class dst on dst.oid = con.confrelid
    join pg_namespace n on n.oid = con.connamespace
    where con.contype = 'f' and n.nspname = current_schema()
    order by con.conname`.execute(db);
  return rows;
}

/** Columns a row is written with: every column but generated ones (the target computes those). */
async function writableColumnsOf(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select a.attname as name from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = ${table} and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    order by a.attnum`.execute(db);
  return rows.map((r) => r.name);
}

async function sequencesOf(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'S' order by c.relname`.execute(db);
  return rows.map((r) => r.name);
}

async function appliedMigrations(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * The tables in an order where each comes after every table its foreign keys point to. A key on a
 * cycle (a table pointing to itself, such as a refund's transaction pointing to the payment's) cannot
 * be ordered: those are answered apart, to be checked at the end of the copy instead of row by row.
 */
export function dependencyOrder(
  tables: readonly string[],
  keys: readonly { name: string; from: string; to: string }[],
): { order: string[]; cyclic: { name: string; from: string; to: string }[] } {
  const order: string[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const cyclic = keys.filter((k) => k.from === k.to);
  const visit = (table: string) => {
    if (done.has(table)) return;
    visiting.add(table);
    for (const key of keys) {
      if (key.from !== table || key.to === table || done.has(key.to)) continue;
      if (visiting.has(key.to)) cyclic.push(key);
      else visit(key.to);
    }
    visiting.delete(table);
    done.add(table);
    order.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return { order, cyclic };
}

/**
 * Copies every table of the embedded database `source` into the PostgreSQL database at `targetUrl`,
 * ids and all, and sets the target's sequences where the source's stand, so the service continues there
 * once `DATABASE_URL` names it. The target must hold no data: any row in any table of its schema refuses
 * the move before anything is written. It is migrated to the source's schema, and the rows copied, in
 * one transaction on the target (all or nothing); the source is read in one snapshot. Stop the server
 * first: what it wrote during the copy would not be moved.
 */
export async function moveToPostgres(
  source: Db,
  targetUrl: string,
  options: { onTable?: (moved: MovedTable) => void } = {},
): Promise<MoveReport> {
  const started = performance.now();
  const target = openDatabase({ databaseUrl: targetUrl, maxConnections: 1 });
  try {
    const tables = await tablesOf(source);
    const sequences = await sequencesOf(source);
    const { order, cyclic } = dependencyOrder(tables, await foreignKeysOf(source));
    const moved: MovedTable[] = [];
    const setSequences: MoveReport['sequences'] = [];
    await source
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((read) =>
        target.transaction().execute(async (write) => {
          await refuseUnlessEmpty(write);
          // The schema, in the same transaction: a failed move leaves the target as empty as it was.
          await migrateToLatest(write);
          const [sourceMigrations, targetMigrations] = [await appliedMigrations(read), await appliedMigrations(write)];
          if (sourceMigrations.join() !== targetMigrations.join()) {
            throw new MoveRefused(
              `the schemas differ: the embedded database has ${sourceMigrations.length} migrations applied, the ` +
                `target ${targetMigrations.length}; run both on the same version of the service`,
            );
          }
          const targetTables = await tablesOf(write);
          const targetSequences = new Set(await sequencesOf(write));
          const missing = [
            ...tables.filter((t) => !targetTables.includes(t)),
            ...sequences.filter((s) => !targetSequences.has(s)),
          ];
          if (missing.length > 0) {
            throw new MoveRefused(`the target lacks what the embedded database has: ${missing.join(', ')}`);
          }
          // The rows the migrations themselves wrote (reference data such as the payment rates) are
          // in the source too: they come with the copy.
          await sql`truncate table ${sql.join(targetTables.map((t) => sql.id(t)))}`.execute(write);
          // Triggers that derive rows from others (wallet_history_days from entries) stay off during the
          // copy: the derived rows are copied as the source has them.
          for (const table of targetTables) await sql`alter table ${sql.id(table)} disable trigger user`.execute(write);
          // A key on a cycle is checked once the rows are in, then made immediate again as it was.
          for (const key of cyclic) {
            await sql`alter table ${sql.id(key.from)} alter constraint ${sql.id(key.name)}
              deferrable initially deferred`.execute(write);
          }
          for (const table of order) {
            const rows = await copyTable(read, write, table);
            moved.push({ table, rows });
            options.onTable?.({ table, rows });
          }
          await sql`set constraints all immediate`.execute(write);
          for (const key of cyclic) {
            await sql`alter table ${sql.id(key.from)} alter constraint ${sql.id(key.name)} not deferrable`.execute(
              write,
            );
          }
          for (const table of targetTables) await sql`alter table ${sql.id(table)} enable trigger user`.execute(write);
          for (const sequence of sequences) {
            const { rows } = await sql<{ last_value: string; is_called: boolean }>`
              select last_value::text as last_value, is_called from ${sql.id(sequence)}`.execute(read);
            const row = rows[0];
            if (!row) continue;
            await sql`select setval(quote_ident(${sequence})::regclass, ${row.last_value}::bigint, ${row.is_called})`.execute(
              write,
            );
            setSequences.push({ sequence, lastValue: Number(row.last_value), isCalled: row.is_called });
          }
        }),
      );
    return {
      tables: moved,
      sequences: setSequences,
      target: withoutPassword(targetUrl),
      ms: performance.now() - started,
    };
  } finally {
    await target.destroy();
  }
}

/**
 * One table's rows, read through a cursor in batches as JSON (exact: microseconds, numerics, bytea)
 * and written with json_populate_recordset, so PostgreSQL itself turns each value back into its column's
 * type. Generated columns are left to the target. Answers the rows copied, checked against the target.
 */
async function copyTable(read: Transaction<Database>, write: Transaction<Database>, table: string): Promise<number> {
  const columns = sql.join((await writableColumnsOf(read, table)).map((column) => sql.id(column)));
  await sql`declare move_rows no scroll cursor for
    select row_to_json(r)::text as row from (select ${columns} from ${sql.id(table)}) r`.execute(read);
  let rows = 0;
  for (;;) {
    const batch = await sql<{ row: string }>`fetch forward ${sql.lit(BATCH)} from move_rows`.execute(read);
    if (batch.rows.length === 0) break;
    const json = `[${batch.rows.map((r) => r.row).join(',')}]`;
    await sql`insert into ${sql.id(table)} (${columns})
      select ${columns} from json_populate_recordset(null::${sql.id(table)}, ${json}::json)`.execute(write);
    rows += batch.rows.length;
  }
  await sql`close move_rows`.execute(read);
  const { rows: counted } = await sql<{ n: string }>`select count(*)::text as n from ${sql.id(table)}`.execute(write);
  if (Number(counted[0]?.n) !== rows) {
    throw new Error(`${table}: ${rows} rows read but ${counted[0]?.n} on the target; nothing was moved`);
  }
  return rows;
}

async function refuseUnlessEmpty(target: AnyDb): Promise<void> {
  for (const table of await tablesOf(target)) {
    const { rows } = await sql<{ any: boolean }>`select exists (select 1 from ${sql.id(table)}) as any`.execute(target);
    if (rows[0]?.any) {
      throw new MoveRefused(
        `the target already holds data (table ${table} has rows): move into a new, empty database ` +
          '(createdb …), never over one in use',
      );
    }
  }
}
