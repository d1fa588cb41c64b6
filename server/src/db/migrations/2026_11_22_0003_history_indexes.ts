import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Money: histories and fees.
//
// The core migration already has entries (wallet_no, created_at desc, id desc), which serves the history
// page. This adds:
// - entries (wallet_no, coin_id, created_at desc, id desc): the balance of one coin at a transaction;
// - wallet_history_days: entries per wallet, Asia/Tokyo day and transaction type, kept by statement-level
//   triggers in the same database transaction as the entries. A page's total is a sum over the period's
//   days, and a deep page starts at the day that holds its first row (keyset by day), so neither counts
//   nor skips more than one day of entries, however large the wallet.

/** The Asia/Tokyo calendar day of a timestamptz (fixed +09:00, no time zone database needed). */
const TOKYO_DAY = (column: string) => `((${column} at time zone 'UTC') + interval '9 hours')::date`;

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index entries_wallet_coin_history_idx on entries (wallet_no, coin_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create table wallet_history_days (
    wallet_no char(10) not null references wallets (wallet_no),
    day date not null,
    type text not null,
    entries bigint not null check (entries >= 0),
    primary key (wallet_no, day, type)
  )`.execute(db);
  await sql
    .raw(`insert into wallet_history_days (wallet_no, day, type, entries)
      select e.wallet_no, ${TOKYO_DAY('e.created_at')}, t.type, count(*)
      from entries e join transactions t on t.id = e.transaction_id
      group by 1, 2, 3`)
    .execute(db);
  await sql
    .raw(`create function wallet_history_days_added() returns trigger language plpgsql as $$
    begin
      insert into wallet_history_days (wallet_no, day, type, entries)
        select e.wallet_no, ${TOKYO_DAY('e.created_at')}, t.type, count(*)
        from new_entries e join transactions t on t.id = e.transaction_id
        group by 1, 2, 3
      on conflict (wallet_no, day, type) do update set entries = wallet_history_days.entries + excluded.entries;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create function wallet_history_days_removed() returns trigger language plpgsql as $$
    begin
      update wallet_history_days d set entries = d.entries - o.n
        from (select e.wallet_no, ${TOKYO_DAY('e.created_at')} as day, t.type, count(*) as n
              from old_entries e join transactions t on t.id = e.transaction_id
              group by 1, 2, 3) o
        where d.wallet_no = o.wallet_no and d.day = o.day and d.type = o.type;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger entries_history_days_added after insert on entries
    referencing new table as new_entries for each statement execute function wallet_history_days_added()`.execute(db);
  await sql`create trigger entries_history_days_removed after delete on entries
    referencing old table as old_entries for each statement execute function wallet_history_days_removed()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger entries_history_days_removed on entries`.execute(db);
  await sql`drop trigger entries_history_days_added on entries`.execute(db);
  await sql`drop function wallet_history_days_removed()`.execute(db);
  await sql`drop function wallet_history_days_added()`.execute(db);
  await sql`drop table wallet_history_days`.execute(db);
  await sql`drop index entries_wallet_coin_history_idx`.execute(db);
}
