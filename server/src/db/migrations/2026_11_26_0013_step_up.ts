import type { Kysely } from 'kysely';

// Frozen once shipped. Issue 23 (trust): a sign-in proves its user again before it changes where money
// goes, staff or the merchant's status (POST /sessions/current/step_up); the proof is the family's, for
// a few minutes. A bank account change is remembered so that payouts to it can be held for a while.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session_families').addColumn('stepped_up_at', 'timestamptz').execute();
  await db.schema.alterTable('merchant_bank_accounts').addColumn('changed_at', 'timestamptz').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('merchant_bank_accounts').dropColumn('changed_at').execute();
  await db.schema.alterTable('session_families').dropColumn('stepped_up_at').execute();
}
