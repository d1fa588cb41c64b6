import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Refunds end to end: idempotent money-moving requests, refund fees and the
// approval trail of refund applications.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  // One row per (caller, key): the first request's fingerprint and, once it succeeded, its answer.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('identities.id'))
    .addColumn('key', 'text', (c) => c.notNull().check(sql`length(key) between 1 and 255`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', sql`char(64)`, (c) => c.notNull())
    // Written in the same database transaction as the request's effects: a committed row has them.
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .alterTable('refund_applications')
    .addColumn('fee_rate_bp', 'integer', (c) => c.notNull().defaultTo(0).check(sql`fee_rate_bp >= 0`))
    .addColumn('requested_by', 'integer', (c) => c.references('identities.id'))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    .execute();
  await sql`update refund_applications set approved_at = updated_at where status = 'APPROVED'`.execute(db);
  await sql`update refund_applications set canceled_at = updated_at where status = 'CANCELED'`.execute(db);
  await db.schema
    .alterTable('refund_applications')
    .addCheckConstraint(
      'refund_applications_approval',
      sql`(status = 'APPROVED') = (refund_transaction_id is not null and approved_at is not null)`,
    )
    .execute();
  await db.schema
    .alterTable('refund_applications')
    .addCheckConstraint('refund_applications_cancel', sql`(status = 'CANCELED') = (canceled_at is not null)`)
    .execute();
  // One approval per application, one application per refund transaction.
  await db.schema
    .alterTable('refund_applications')
    .addUniqueConstraint('refund_applications_refund_transaction_unique', ['refund_transaction_id'])
    .execute();
  // What is left to refund of a payment sums its applications.
  await db.schema
    .createIndex('refund_applications_payment_idx')
    .on('refund_applications')
    .columns(['payment_transaction_id', 'status'])
    .execute();
  // The merchant's list by period.
  await db.schema
    .createIndex('refund_applications_merchant_created_idx')
    .on('refund_applications')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('refund_applications_merchant_approved_idx')
    .on('refund_applications')
    .columns(['merchant_id', 'approved_at'])
    .where('approved_at', 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refund_applications_merchant_approved_idx').execute();
  await db.schema.dropIndex('refund_applications_merchant_created_idx').execute();
  await db.schema.dropIndex('refund_applications_payment_idx').execute();
  await db.schema
    .alterTable('refund_applications')
    .dropConstraint('refund_applications_refund_transaction_unique')
    .execute();
  await db.schema.alterTable('refund_applications').dropConstraint('refund_applications_cancel').execute();
  await db.schema.alterTable('refund_applications').dropConstraint('refund_applications_approval').execute();
  await db.schema
    .alterTable('refund_applications')
    .dropColumn('canceled_at')
    .dropColumn('approved_at')
    .dropColumn('requested_by')
    .dropColumn('fee_rate_bp')
    .execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
