import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Issue 24: two-step sign-in. An identity's authenticator app (TOTP secret,
// confirmed or pending, with the last time step used so a code works once), its passkeys, its
// single-use recovery codes (hashed), the second-step tokens of sign-ins waiting for their second
// factor, WebAuthn challenges of enrolments and step-ups, and the merchants that require two-step.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identity_totp')
    .addColumn('identity_id', 'integer', (c) => c.primaryKey().references('identities.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('identity_passkeys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('identity_id', 'integer', (c) => c.notNull().references('identities.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('identity_passkeys_identity_idx').on('identity_passkeys').column('identity_id').execute();
  await db.schema
    .createTable('identity_recovery_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('identity_id', 'integer', (c) => c.notNull().references('identities.id').onDelete('cascade'))
    .addColumn('code_hash', sql`char(64)`, (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('identity_recovery_codes_identity_idx')
    .on('identity_recovery_codes')
    .columns(['identity_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('second_step_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_hash', sql`char(64)`, (c) => c.notNull().unique())
    .addColumn('identity_id', 'integer', (c) => c.notNull().references('identities.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('challenge', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('identity_id', 'integer', (c) => c.notNull().references('identities.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'step_up')`))
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('webauthn_challenges_pk', ['identity_id', 'purpose'])
    .execute();
  await db.schema
    .alterTable('merchants')
    .addColumn('require_two_step', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('merchants').dropColumn('require_two_step').execute();
  for (const table of [
    'webauthn_challenges',
    'second_step_tokens',
    'identity_recovery_codes',
    'identity_passkeys',
    'identity_totp',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
