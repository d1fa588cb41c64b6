import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Issue 26 (4, the journal export): the account names each merchant's journal is
// booked under in its accounting package; a merchant without a row gets the defaults of the contract.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journal_accounts')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchants.id'))
    .addColumn('receivable', 'text', (c) => c.notNull())
    .addColumn('sales', 'text', (c) => c.notNull())
    .addColumn('fees', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('payable', 'text', (c) => c.notNull())
    .addColumn('other_income', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('identities.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journal_accounts').execute();
}
