import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Issue 28 (history at the floor): every history page sums the period's day counts
// (wallet_history_days, one row per wallet, Tokyo day and type: 1,800 rows for a busy wallet's year). Read
// through the primary key alone, each row was a visit to the table as well; carrying the counts in the key's
// index (INCLUDE) lets the sum read the index only (an index-only scan, where the table's pages are marked
// all-visible: autovacuum on PostgreSQL, the embedded database's own maintenance, embeddedMaintenance.ts).
// Measured on PGlite, a year of a 100,000-entry wallet: the page's total 3.2 ms → 1.3 ms.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallet_history_days drop constraint wallet_history_days_pkey,
    add constraint wallet_history_days_pkey primary key (wallet_no, day, type) include (entries, commented)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table wallet_history_days drop constraint wallet_history_days_pkey,
    add constraint wallet_history_days_pkey primary key (wallet_no, day, type)`.execute(db);
}
