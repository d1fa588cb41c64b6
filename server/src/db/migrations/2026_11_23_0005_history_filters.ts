import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Money: histories and fees — filtered history lists served by index.
//
// The type filter, the cash-cancel tab and the comments tab filtered on the transaction after walking a
// wallet's whole (wallet_no, created_at, id) index. This migration copies what they filter on onto each
// entry, so a page reads only the rows it shows:
// - transactions.commented: generated from comment (comments are never edited after posting);
// - entries.type and entries.commented: copies of their transaction's, held equal by a composite foreign
//   key to (id, type, commented), which replaces the plain one on transaction_id;
// - entries (wallet_no, type, created_at desc, id desc) for a type, and a partial index on the commented
//   entries for the comments tab;
// - wallet_history_days.commented: the commented entries of the day, beside the count of all of them,
//   so a comments page's total and starting day come from the day counts as the others do. The triggers
//   now count from the entries alone, without joining their transactions.
//
// On a large ledger this rewrites transactions and entries under an exclusive lock: postings wait until
// it is done (docs/operations.md, "Upgrading").

const TOKYO_DAY = (column: string) => `((${column} at time zone 'UTC') + interval '9 hours')::date`;

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transactions add column commented boolean generated always as (comment is not null) stored`.execute(
    db,
  );
  await sql`alter table transactions add constraint transactions_kind_key unique (id, type, commented)`.execute(db);
  await sql`alter table entries add column type text, add column commented boolean`.execute(db);
  await sql`update entries e set type = t.type, commented = t.commented from transactions t where t.id = e.transaction_id`.execute(
    db,
  );
  await sql`alter table entries alter column type set not null, alter column commented set not null`.execute(db);
  await sql`alter table entries drop constraint entries_transaction_id_fkey,
    add constraint entries_transaction_kind_fkey foreign key (transaction_id, type, commented)
      references transactions (id, type, commented)`.execute(db);
  await sql`create index entries_wallet_type_history_idx on entries (wallet_no, type, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index entries_wallet_commented_history_idx on entries (wallet_no, created_at desc, id desc)
    where commented`.execute(db);

  await sql`alter table wallet_history_days add column commented bigint not null default 0 check (commented >= 0),
    add constraint wallet_history_days_commented_within check (commented <= entries)`.execute(db);
  await sql
    .raw(`update wallet_history_days d set commented = c.n
      from (select wallet_no, ${TOKYO_DAY('created_at')} as day, type, count(*) as n
            from entries where commented group by 1, 2, 3) c
      where d.wallet_no = c.wallet_no and d.day = c.day and d.type = c.type`)
    .execute(db);
  await sql
    .raw(`create or replace function wallet_history_days_added() returns trigger language plpgsql as $$
    begin
      insert into wallet_history_days (wallet_no, day, type, entries, commented)
        select wallet_no, ${TOKYO_DAY('created_at')}, type, count(*), count(*) filter (where commented)
        from new_entries group by 1, 2, 3
      on conflict (wallet_no, day, type) do update
        set entries = wallet_history_days.entries + excluded.entries,
            commented = wallet_history_days.commented + excluded.commented;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create or replace function wallet_history_days_removed() returns trigger language plpgsql as $$
    begin
      update wallet_history_days d set entries = d.entries - o.n, commented = d.commented - o.c
        from (select wallet_no, ${TOKYO_DAY('created_at')} as day, type, count(*) as n,
                     count(*) filter (where commented) as c
              from old_entries group by 1, 2, 3) o
        where d.wallet_no = o.wallet_no and d.day = o.day and d.type = o.type;
      return null;
    end $$`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create or replace function wallet_history_days_added() returns trigger language plpgsql as $$
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
    .raw(`create or replace function wallet_history_days_removed() returns trigger language plpgsql as $$
    begin
      update wallet_history_days d set entries = d.entries - o.n
        from (select e.wallet_no, ${TOKYO_DAY('e.created_at')} as day, t.type, count(*) as n
              from old_entries e join transactions t on t.id = e.transaction_id
              group by 1, 2, 3) o
        where d.wallet_no = o.wallet_no and d.day = o.day and d.type = o.type;
      return null;
    end $$`)
    .execute(db);
  await sql`alter table wallet_history_days drop column commented`.execute(db);
  await sql`drop index entries_wallet_commented_history_idx`.execute(db);
  await sql`drop index entries_wallet_type_history_idx`.execute(db);
  await sql`alter table entries drop constraint entries_transaction_kind_fkey,
    add constraint entries_transaction_id_fkey foreign key (transaction_id) references transactions (id)`.execute(db);
  await sql`alter table entries drop column commented, drop column type`.execute(db);
  await sql`alter table transactions drop constraint transactions_kind_key`.execute(db);
  await sql`alter table transactions drop column commented`.execute(db);
}
