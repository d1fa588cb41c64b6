import type { Kysely } from 'kysely';

// Frozen once shipped. Issue 25 (a new shop is guided): Top's setup checklist ticks the QR poster once
// the merchant has downloaded it, so the first download is remembered.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('merchants').addColumn('qr_poster_downloaded_at', 'timestamptz').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('merchants').dropColumn('qr_poster_downloaded_at').execute();
}
