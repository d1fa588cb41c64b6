import { type Kysely, sql } from 'kysely';

// Frozen once shipped. A browser tab opened from a signed-in tab gets a session family of its own
// (issue 15: tabs sharing one rotating reauth token could present a spent one and revoke each other).
// The families of one sign-in share `sign_in_id`, the popinfo id of the family the password opened:
// a logout or a detected token reuse ends the whole sign-in, every tab of it.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session_families').addColumn('sign_in_id', 'uuid').execute();
  await sql`update session_families set sign_in_id = popinfo_id`.execute(db);
  await db.schema
    .alterTable('session_families')
    .alterColumn('sign_in_id', (c) => c.setNotNull())
    .execute();
  await db.schema.createIndex('session_families_sign_in_idx').on('session_families').column('sign_in_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session_families').dropColumn('sign_in_id').execute();
}
