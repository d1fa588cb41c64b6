import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Issue 26 (the papers a shop files): documents the service numbers and keeps (fee
// invoices, receipts) with the figures they were issued with, corrections of a month's fees, and the
// merchant's own invoice registration number.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('merchants')
    .addColumn('invoice_registration_no', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('issued_documents')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('merchant_id', 'integer', (col) => col.notNull().references('merchants.id'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('fee_invoice', 'receipt')`))
    /** What the document is of: the month (YYYYMM) of a fee invoice, the transaction id of a receipt. */
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    /** The figures and names the document was issued with: it is rendered from these, never from today's data. */
    .addColumn('content', 'jsonb', (col) => col.notNull())
    /** The document this one corrects (a fee invoice) or reissues (a receipt). */
    .addColumn('replaces_id', 'integer', (col) => col.references('issued_documents.id'))
    .addColumn('issued_by', 'integer')
    .execute();
  await db.schema
    .createIndex('issued_documents_subject')
    .on('issued_documents')
    .columns(['merchant_id', 'kind', 'subject', 'id'])
    .execute();

  await db.schema
    .createTable('fee_corrections')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('merchant_id', 'integer', (col) => col.notNull().references('merchants.id'))
    .addColumn('summarized_month', 'text', (col) => col.notNull())
    .addColumn('previous_amount', 'bigint', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('fee_corrections_month')
    .on('fee_corrections')
    .columns(['merchant_id', 'summarized_month'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fee_corrections').execute();
  await db.schema.dropTable('issued_documents').execute();
  await db.schema.alterTable('merchants').dropColumn('invoice_registration_no').execute();
}
