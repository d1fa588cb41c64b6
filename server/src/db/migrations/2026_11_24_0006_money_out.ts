import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Money in and out: rate choices and sent payments to other merchants, payment
// links and their uses, invoices addressed to merchants. Reloads need no table: they are RELOAD
// transactions of the ledger.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  // The rate choices of GET /merchant/rate/selects: reference data, the same for every merchant.
  await db.schema
    .createTable('payment_rates')
    .addColumn('type', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp between 0 and 10000`))
    .addColumn('group_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('payment_rates')
    .values([
      { type: 'STANDARD', label: '通常', rate_bp: 100, group_only: false, sort_order: 1 },
      { type: 'GROUP', label: 'グループ内', rate_bp: 0, group_only: true, sort_order: 2 },
    ])
    .execute();

  // A payment to another merchant: the figures of its ledger transaction (TRANSFER), kept for the list.
  await db.schema
    .createTable('merchant_payments')
    .addColumn('transaction_id', 'integer', (c) => c.primaryKey().references('transactions.id'))
    .addColumn('from_merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('to_merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('rate_type', 'text', (c) => c.notNull().references('payment_rates.type'))
    .addColumn('created_by', 'integer', (c) => c.references('identities.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('merchant_payments_not_self', sql`from_merchant_id <> to_merchant_id`)
    .execute();
  await sql`create index merchant_payments_from_idx on merchant_payments (from_merchant_id, created_at desc, transaction_id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('url_payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    // The link's public part: random, unguessable (the id is not in the URL).
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'date', (c) => c.notNull())
    .addColumn('stopped_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('identities.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index url_payments_merchant_idx on url_payments (merchant_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('url_payment_uses')
    .addColumn('transaction_id', 'integer', (c) => c.primaryKey().references('transactions.id'))
    .addColumn('url_payment_id', 'integer', (c) => c.notNull().references('url_payments.id'))
    .addColumn('wallet_no', 'text', (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('url_payment_uses_link_idx').on('url_payment_uses').column('url_payment_id').execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // The merchant the invoice is addressed to (who pays it).
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('issuer_name', 'text', (c) => c.notNull())
    // Where the money goes: another merchant's wallet or one of the service's own.
    .addColumn('issuer_wallet_no', 'text', (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_transaction_id', 'integer', (c) => c.unique().references('transactions.id'))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('paid_by', 'integer', (c) => c.references('identities.id'))
    .addCheckConstraint('invoices_paid', sql`(paid_transaction_id is null) = (paid_at is null)`)
    .execute();
  await sql`create index invoices_merchant_idx on invoices (merchant_id, (paid_at is not null), due_date, id)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['invoices', 'url_payment_uses', 'url_payments', 'merchant_payments', 'payment_rates']) {
    await db.schema.dropTable(table).execute();
  }
}
