import type { Kysely } from 'kysely';

// Frozen once shipped. Issue 48 (the Owner's 操作履歴): a shop's events are read newest first, a page at a
// time, by (merchant_id, occurred_at, id); a staff member's own account events (merchant_id null) by
// (target_user_id, occurred_at, id). The older two-column indexes are replaced by these.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_events_merchant_idx').execute();
  await db.schema.dropIndex('audit_events_target_idx').execute();
  await db.schema
    .createIndex('audit_events_merchant_time_idx')
    .on('audit_events')
    .columns(['merchant_id', 'occurred_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('audit_events_target_time_idx')
    .on('audit_events')
    .columns(['target_user_id', 'occurred_at desc', 'id desc'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_events_merchant_time_idx').execute();
  await db.schema.dropIndex('audit_events_target_time_idx').execute();
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
