import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Issue 48: each sign-in keeps where it came from and when it was last used (on the
// family the password opened, its sign-in's first: `popinfo_id = sign_in_id`), so its user can see it and
// end it, and a sign-in left unused ends on the server. How long it may stay unused is the shop's (5–60
// minutes, 15 unless its Owner sets another), copied onto the sign-in when it is bound to the shop.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('session_families')
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_ip', 'text')
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('idle_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('session_families_user_idx').on('session_families').column('user_id').execute();
  await db.schema
    .alterTable('merchants')
    .addColumn('idle_timeout_minutes', 'integer', (c) =>
      c.notNull().defaultTo(15).check(sql`idle_timeout_minutes between 5 and 60`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('merchants').dropColumn('idle_timeout_minutes').execute();
  await db.schema.dropIndex('session_families_user_idx').execute();
  await db.schema
    .alterTable('session_families')
    .dropColumn('device')
    .dropColumn('client_ip')
    .dropColumn('last_used_at')
    .dropColumn('idle_minutes')
    .dropColumn('end_reason')
    .execute();
}
