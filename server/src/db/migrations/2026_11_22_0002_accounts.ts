import { type Kysely, sql } from 'kysely';

// Staff and account flows: mailed-link tokens, the audit trail, sign-in lockout.
// Frozen once shipped: never edit it; add a new migration instead.

const TOKEN_PURPOSES = [
  'invitation_email',
  'invitation_password',
  'password_reset',
  'initial_password',
  'email_change',
];

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('identities')
    .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0).check(sql`failed_sign_ins >= 0`))
    .execute();
  await db.schema.alterTable('identities').addColumn('locked_until', 'timestamptz').execute();
  await db.schema.alterTable('merchant_users').addColumn('activated_at', 'timestamptz').execute();
  // Activation links are looked up by the hash of their token.
  await db.schema
    .createIndex('merchant_users_activate_token_idx')
    .on('merchant_users')
    .column('activate_token_hash')
    .unique()
    .where('activate_token_hash', 'is not', null)
    .execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_hash', sql`char(64)`, (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in (${sql.join(TOKEN_PURPOSES.map((p) => sql.lit(p)))})`),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('identities.id'))
    .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id'))
    // The new address of an email change.
    .addColumn('email', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    // Replaced by a newer token of the same purpose.
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('account_tokens_user_purpose_idx')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_user_id', 'integer', (c) => c.references('identities.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id'))
    .addColumn('target_user_id', 'integer', (c) => c.references('identities.id'))
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('client_ip', 'text')
    .execute();
  await db.schema
    .createIndex('audit_events_merchant_idx')
    .on('audit_events')
    .columns(['merchant_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('audit_events_target_idx')
    .on('audit_events')
    .columns(['target_user_id', 'occurred_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.dropIndex('merchant_users_activate_token_idx').execute();
  await db.schema.alterTable('merchant_users').dropColumn('activated_at').execute();
  await db.schema.alterTable('identities').dropColumn('locked_until').execute();
  await db.schema.alterTable('identities').dropColumn('failed_sign_ins').execute();
}
