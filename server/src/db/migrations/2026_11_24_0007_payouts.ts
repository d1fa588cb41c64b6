import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Payouts, rebates and utility bills: the merchants' bank accounts, payouts to
// them and the closings passed over, rebates paid to merchants, utility bills paid by QR at merchants.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('merchant_bank_accounts')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchants.id'))
    .addColumn('bank_code', sql`char(4)`, (c) => c.notNull().check(sql`bank_code ~ '^[0-9]{4}$'`))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('branch_code', sql`char(3)`, (c) => c.notNull().check(sql`branch_code ~ '^[0-9]{3}$'`))
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) =>
      c.notNull().check(sql`account_type in ('ORDINARY', 'CURRENT', 'SAVINGS')`),
    )
    .addColumn('account_number', sql`char(7)`, (c) => c.notNull().check(sql`account_number ~ '^[0-9]{7}$'`))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('period_end', 'date', (c) => c.notNull())
    .addColumn('payout_date', 'date', (c) => c.notNull())
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('gross_amount', 'bigint', (c) => c.notNull().check(sql`gross_amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('transfer_fee', 'bigint', (c) => c.notNull().check(sql`transfer_fee >= 0`))
    .addColumn('net_amount', 'bigint', (c) => c.notNull().check(sql`net_amount > 0`))
    // The account as it was when the payout closed.
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('account_number', sql`char(7)`, (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) => c.notNull().unique().references('transactions.id'))
    .addColumn('failed_at', 'timestamptz')
    .addColumn('failure_reason', 'text')
    .addColumn('return_transaction_id', 'integer', (c) => c.references('transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payouts_merchant_period_unique', ['merchant_id', 'period_end'])
    .addCheckConstraint('payouts_net', sql`net_amount = gross_amount - fee - transfer_fee`)
    .execute();
  await sql`create index payouts_merchant_idx on payouts (merchant_id, period_end desc, id desc)`.execute(db);

  await db.schema
    .createTable('payout_skips')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('period_end', 'date', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payout_skips_pk', ['merchant_id', 'period_end'])
    .execute();

  await db.schema
    .createTable('merchant_rebates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('month', sql`char(6)`, (c) => c.notNull())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('base_amount', 'bigint', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('transaction_id', 'integer', (c) => c.notNull().unique().references('transactions.id'))
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index merchant_rebates_merchant_idx on merchant_rebates (merchant_id, paid_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('utility_bill_payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('bill_number', 'text', (c) => c.notNull())
    .addColumn('biller_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('ELECTRICITY', 'GAS', 'WATER', 'PHONE', 'TAX')`),
    )
    .addColumn('payer_wallet_no', 'text', (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PAID', 'CANCELED')`))
    .addColumn('canceled_at', 'timestamptz')
    .execute();
  await sql`create index utility_bill_payments_merchant_idx on utility_bill_payments (merchant_id, paid_at desc, id desc)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'utility_bill_payments',
    'merchant_rebates',
    'payout_skips',
    'payouts',
    'merchant_bank_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
