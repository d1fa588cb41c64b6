import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration once it has shipped; add a new one instead.

const TRANSACTION_TYPES = ['PAYMENT', 'RELOAD', 'REFUND', 'TRANSFER', 'REBATE', 'WITHDRAWAL', 'FEE', 'CASH_CANCEL'];
const ROLES = ['Owner', 'Manager', 'Manager_NoPayment', 'Member'];

const inList = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email)`))
    .addColumn('email_status', 'text', (c) => c.notNull().check(sql`email_status in ('VERIFIED', 'UNVERIFIED')`))
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('merchant_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_merchant_id', 'integer')
    .execute();

  await db.schema
    .createTable('merchants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('wallet_no', sql`char(10)`, (c) => c.notNull().unique())
    .addColumn('group_id', 'integer', (c) => c.references('merchant_groups.id'))
    .addColumn('allow_subscription', 'smallint', (c) =>
      c.notNull().defaultTo(0).check(sql`allow_subscription in (0, 1)`),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN').check(sql`status in ('OPEN', 'CLOSED')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('merchant_groups')
    .addForeignKeyConstraint('merchant_groups_parent_merchant_fk', ['parent_merchant_id'], 'merchants', ['id'])
    .execute();

  await db.schema
    .createTable('merchant_users')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('identities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in (${inList(ROLES)})`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('ACTIVE', 'SUSPENDED', 'INACTIVE', 'CANCELED')`),
    )
    .addColumn('email', 'text')
    .addColumn('activate_token_hash', 'text')
    .addColumn('activate_token_available_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('merchant_users_pk', ['merchant_id', 'user_id'])
    .execute();
  await db.schema.createIndex('merchant_users_user_idx').on('merchant_users').column('user_id').execute();

  const flag = (name: string) => sql`${sql.ref(name)} in (0, 1)`;
  await db.schema
    .createTable('coins')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('transferable', 'smallint', (c) => c.notNull().check(flag('transferable')))
    .addColumn('refundable', 'smallint', (c) => c.notNull().check(flag('refundable')))
    .addColumn('reloadable', 'smallint', (c) => c.notNull().check(flag('reloadable')))
    .execute();

  await db.schema
    .createTable('merchant_reload_coins')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addPrimaryKeyConstraint('merchant_reload_coins_pk', ['merchant_id', 'coin_id'])
    .execute();

  await db.schema
    .createTable('wallets')
    .addColumn('wallet_no', sql`char(10)`, (c) => c.primaryKey().check(sql`wallet_no ~ '^[0-9]{10}$'`))
    .addColumn('owner_type', 'text', (c) => c.notNull().check(sql`owner_type in ('merchant', 'customer', 'system')`))
    .addColumn('merchant_id', 'integer', (c) => c.unique().references('merchants.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('wallets_merchant_owner', sql`(owner_type = 'merchant') = (merchant_id is not null)`)
    .execute();

  await db.schema
    .createTable('wallet_balances')
    .addColumn('wallet_no', sql`char(10)`, (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_balances_pk', ['wallet_no', 'coin_id'])
    // The last line of defence against overdrafts: only issuer/system wallets may go negative.
    .addCheckConstraint('wallet_balances_no_overdraft', sql`allow_negative or amount >= 0`)
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in (${inList(TRANSACTION_TYPES)})`))
    .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id'))
    .addColumn('related_transaction_id', 'bigint', (c) => c.references('transactions.id'))
    .addColumn('comment', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('transactions_merchant_type_created_idx')
    .on('transactions')
    .columns(['merchant_id', 'type', 'created_at'])
    .execute();
  await db.schema
    .createIndex('transactions_related_idx')
    .on('transactions')
    .column('related_transaction_id')
    .where('related_transaction_id', 'is not', null)
    .execute();

  await db.schema
    .createTable('entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('transactions.id'))
    .addColumn('wallet_no', sql`char(10)`, (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('counterparty_wallet_no', sql`char(10)`)
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Wallet history pages read newest first by this index.
  await sql`create index entries_wallet_history_idx on entries (wallet_no, created_at desc, id desc)`.execute(db);
  await db.schema.createIndex('entries_transaction_idx').on('entries').column('transaction_id').execute();

  await db.schema
    .createTable('fee_rates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in (${inList(TRANSACTION_TYPES)})`))
    .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp >= 0`))
    .addColumn('valid_from', 'date', (c) => c.notNull())
    .addUniqueConstraint('fee_rates_validity_unique', ['merchant_id', 'type', 'valid_from'])
    .execute();

  await db.schema
    .createTable('fee_limits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('limit_amount', 'bigint', (c) => c.notNull().check(sql`limit_amount >= 0`))
    .addColumn('valid_from', 'date', (c) => c.notNull())
    .addUniqueConstraint('fee_limits_validity_unique', ['user_type', 'valid_from'])
    .execute();

  await db.schema
    .createTable('monthly_fee_summaries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('summarized_month', sql`char(6)`, (c) =>
      c.notNull().check(sql`summarized_month ~ '^[0-9]{4}(0[1-9]|1[0-2])$'`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('tax', 'bigint', (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('UNSETTLED', 'SETTLED', 'CASH_SETTLED')`))
    .addColumn('settlement_transaction_id', 'bigint', (c) => c.references('transactions.id'))
    .addUniqueConstraint('monthly_fee_summaries_month_unique', ['merchant_id', 'summarized_month'])
    .execute();

  await db.schema
    .createTable('refund_applications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('wallet_no', sql`char(10)`, (c) => c.notNull().references('wallets.wallet_no'))
    .addColumn('payment_transaction_id', 'bigint', (c) => c.notNull().references('transactions.id'))
    .addColumn('refund_transaction_id', 'bigint', (c) => c.references('transactions.id'))
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('REQUESTED', 'APPROVED', 'CANCELED')`))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('refund_applications_merchant_status_idx')
    .on('refund_applications')
    .columns(['merchant_id', 'status'])
    .execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('revision', 'integer', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session_families')
    .addColumn('popinfo_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('identities.id'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('reauth_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('popinfo_id', 'uuid', (c) => c.notNull().references('session_families.popinfo_id'))
    .addColumn('token_hash', sql`char(64)`, (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('identities.id'))
    .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('reauth_tokens_family_idx').on('reauth_tokens').column('popinfo_id').execute();

  // The service's own wallets: the coin issuer (may go negative), collected fees, bank payouts.
  await db
    .insertInto('wallets')
    .values([
      { wallet_no: '9000000001', owner_type: 'system', merchant_id: null },
      { wallet_no: '9000000002', owner_type: 'system', merchant_id: null },
      { wallet_no: '9000000003', owner_type: 'system', merchant_id: null },
    ])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'reauth_tokens',
    'session_families',
    'notices',
    'refund_applications',
    'monthly_fee_summaries',
    'fee_limits',
    'fee_rates',
    'entries',
    'transactions',
    'wallet_balances',
    'wallets',
    'merchant_reload_coins',
    'coins',
    'merchant_users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('merchant_groups').dropConstraint('merchant_groups_parent_merchant_fk').execute();
  await db.schema.dropTable('merchants').execute();
  await db.schema.dropTable('merchant_groups').execute();
  await db.schema.dropTable('identities').execute();
}
