import { type Kysely, sql } from 'kysely';

// Frozen once shipped. Merchant settings: the profile's fields, open/closed, images (stored in the
// database, so every server process serves them), the tag catalogue and each merchant's tags, and the
// coin and rate customers get back from a payment.

/** The tags merchants choose from (reference data: every installation has the same list). */
const TAG_CATALOGUE = [
  'カフェ',
  'パン',
  '洋菓子',
  '和菓子',
  '飲食店',
  'テイクアウト',
  'イートイン',
  'Wi-Fiあり',
  '電源あり',
  '禁煙',
  '駐車場あり',
  '子ども連れ歓迎',
  'ペット可',
  '地元食材',
  '雑貨',
  '書店',
  '花屋',
  '青果',
  '日用品',
  '観光',
];

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  // Images by the SHA-256 of their (re-encoded) bytes: the name never changes meaning, so it is cached for good.
  await db.schema
    .createTable('merchant_images')
    .addColumn('sha256', sql`char(64)`, (c) => c.primaryKey().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('merchants')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo('').check(sql`postal_code ~ '^([0-9]{7})?$'`))
    .addColumn('prefecture', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('business_hours', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail_sha256', sql`char(64)`, (c) => c.references('merchant_images.sha256'))
    .addColumn('image_sha256', sql`char(64)`, (c) => c.references('merchant_images.sha256'))
    .addColumn('rebate_coin_id', 'integer', (c) => c.references('coins.id'))
    .addColumn('rebate_rate_bp', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`rebate_rate_bp between 0 and 1000`),
    )
    .addColumn('profile_updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table merchants add constraint merchants_rebate check ((rebate_coin_id is null) = (rebate_rate_bp = 0))`.execute(
    db,
  );

  // Which coins a merchant may give back as a rebate.
  await db.schema
    .alterTable('coins')
    .addColumn('rebatable', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`rebatable in (0, 1)`))
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db
    .insertInto('tags')
    .values(TAG_CATALOGUE.map((name) => ({ name })))
    .execute();
  await db.schema
    .createTable('merchant_tags')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id'))
    .addPrimaryKeyConstraint('merchant_tags_pk', ['merchant_id', 'tag_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('merchant_tags').execute();
  await db.schema.dropTable('tags').execute();
  await db.schema.alterTable('coins').dropColumn('rebatable').execute();
  await sql`alter table merchants drop constraint merchants_rebate`.execute(db);
  for (const column of [
    'profile_updated_at',
    'rebate_rate_bp',
    'rebate_coin_id',
    'image_sha256',
    'thumbnail_sha256',
    'business_hours',
    'phone',
    'street',
    'city',
    'prefecture',
    'postal_code',
    'description',
  ]) {
    await db.schema.alterTable('merchants').dropColumn(column).execute();
  }
  await db.schema.dropTable('merchant_images').execute();
}
