import { type Kysely, sql } from 'kysely';

// Frozen once shipped. A refund application carries the reason the merchant gave for it (issue 15):
// optional, never blank, at most 200 characters (the contract's REFUND_REASON_MAX_LENGTH then).

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('refund_applications')
    .addColumn('reason', 'text', (c) =>
      c.check(sql`reason is null or (char_length(reason) between 1 and 200 and reason = btrim(reason))`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refund_applications').dropColumn('reason').execute();
}
