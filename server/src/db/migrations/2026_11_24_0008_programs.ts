import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Customer programs: coupons and their uses in payments, book tickets (回数券) and
// their uses, subscription plans, subscribers and their automatic payments.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('discount_type', 'text', (c) => c.notNull().check(sql`discount_type in ('AMOUNT', 'RATE')`))
    .addColumn('discount_value', 'integer', (c) => c.notNull().check(sql`discount_value > 0`))
    .addColumn('min_purchase', 'bigint', (c) => c.notNull().check(sql`min_purchase >= 0`))
    .addColumn('stock', 'integer', (c) => c.check(sql`stock > 0`))
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date', (c) => c.notNull())
    .addColumn('stopped_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('identities.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('coupons_period', sql`starts_on <= ends_on`)
    .execute();
  await sql`create index coupons_merchant_idx on coupons (merchant_id, ends_on, id)`.execute(db);

  // A coupon used in a payment: the purchase, the discount, and the (discounted) PAYMENT that was made.
  await db.schema
    .createTable('coupon_uses')
    .addColumn('transaction_id', 'integer', (c) => c.primaryKey().references('transactions.id'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('wallet_no', 'text', (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('purchase_amount', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull().check(sql`discount > 0`))
    .addColumn('paid_amount', 'bigint', (c) => c.notNull().check(sql`paid_amount > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('coupon_uses_amounts', sql`paid_amount = purchase_amount - discount`)
    .execute();
  await db.schema.createIndex('coupon_uses_coupon_idx').on('coupon_uses').column('coupon_id').execute();

  await db.schema
    .createTable('book_tickets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uses_per_ticket', 'integer', (c) => c.notNull().check(sql`uses_per_ticket > 0`))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('book_ticket_uses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('book_tickets.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('wallet_no', 'text', (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('uses_left', 'integer', (c) => c.notNull().check(sql`uses_left >= 0`))
    .addColumn('used_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index book_ticket_uses_merchant_idx on book_ticket_uses (merchant_id, used_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('subscription_plans')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('cycle', 'text', (c) => c.notNull().check(sql`cycle in ('MONTHLY', 'YEARLY')`))
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .execute();
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('subscription_plans.id'))
    .addColumn('wallet_no', 'text', (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ACTIVE', 'STOPPED', 'PAYMENT_FAILED')`))
    .addColumn('started_on', 'date', (c) => c.notNull())
    .addColumn('next_charge_on', 'date')
    .addColumn('stopped_on', 'date')
    .execute();
  await db.schema.createIndex('subscriptions_plan_idx').on('subscriptions').column('plan_id').execute();

  await db.schema
    .createTable('automatic_payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id'))
    .addColumn('wallet_no', 'text', (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('scheduled_on', 'date', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull().check(sql`result in ('SUCCEEDED', 'FAILED', 'RETRY_SCHEDULED')`))
    .addColumn('failure_reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().check(sql`attempts between 1 and 2`))
    /** The run date of the last attempt: a retry waits for a later run. */
    .addColumn('last_attempt_on', 'date', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) => c.unique().references('transactions.id'))
    .addUniqueConstraint('automatic_payments_once', ['subscription_id', 'scheduled_on'])
    .addCheckConstraint('automatic_payments_charged', sql`(result = 'SUCCEEDED') = (transaction_id is not null)`)
    .execute();
  await sql`create index automatic_payments_merchant_idx on automatic_payments (merchant_id, scheduled_on desc, id desc)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'automatic_payments',
    'subscriptions',
    'subscription_plans',
    'book_ticket_uses',
    'book_tickets',
    'coupon_uses',
    'coupons',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
