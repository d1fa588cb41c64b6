import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Issue 45: a step-up is no longer a few minutes of the whole sign-in. It is a
// proof for one change (its purpose), made in one tab (the family that asked for it), in one shop, that
// the tab presents with the change and that the change spends. Wrong second-step codes are counted
// apart from wrong passwords, so a correct password no longer wipes their count.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('identities')
    .addColumn('failed_second_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('step_up_proofs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_hash', sql`char(64)`, (c) => c.notNull().unique())
    .addColumn('popinfo_id', 'uuid', (c) => c.notNull().references('session_families.popinfo_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('identities.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('spent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('step_up_proofs_popinfo_idx').on('step_up_proofs').column('popinfo_id').execute();
  await db.schema.alterTable('session_families').dropColumn('stepped_up_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session_families').addColumn('stepped_up_at', 'timestamptz').execute();
  await db.schema.dropTable('step_up_proofs').execute();
  await db.schema.alterTable('identities').dropColumn('failed_second_steps').execute();
}
