import type { MerchantImageKind } from '@coin/contract';
import type { Insertable, Transaction } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/schema';
import { processImage, storeImage } from '../domain/merchantImages';
import { hashPassword } from '../domain/passwords';
import { DEMO_MERCHANTS, DEMO_PASSWORD } from './accounts';

/**
 * Merchant settings, demo rows (DESIGN.md §9): the profiles of the three demo merchants (description,
 * address, phone, hours, tags, images, rebate coin), and a fourth merchant just signed up — あかぎ青果店,
 * closed, with an empty profile and no bank account — whose Owner (greengrocer@example.com) is in no
 * other merchant, so what they change shows nowhere else.
 */

type Trx = Transaction<Database>;

/** The coins a merchant may give back: めぶくコイン and ポイント (not the premium voucher). */
const REBATABLE_COIN_IDS = [1, 2];

export const NEW_MERCHANT = {
  id: 4,
  name: 'あかぎ青果店',
  walletNo: '1100000004',
  owner: { id: 12, email: 'greengrocer@example.com', name: '松本 さくら' },
} as const;

interface DemoProfile {
  merchantId: number;
  description: string;
  postal_code: string;
  prefecture: string;
  city: string;
  street: string;
  phone: string;
  business_hours: string;
  tags: readonly string[];
  rebate: { coinId: number; rateBp: number } | null;
  /** Colours of the generated pictures. */
  palette: readonly [string, string, string];
}

const PROFILES: readonly DemoProfile[] = [
  {
    merchantId: DEMO_MERCHANTS.main.id,
    description: '自家焙煎のコーヒーと季節のケーキのお店です。地元の食材を使ったランチもご用意しています。',
    postal_code: '3710023',
    prefecture: '群馬県',
    city: '前橋市',
    street: '本町2-12-1 めぶくビル1階',
    phone: '027-210-0001',
    business_hours: '平日 8:00〜20:00\n土日祝 9:00〜18:00\n定休日 第3水曜日',
    tags: ['カフェ', '洋菓子', 'テイクアウト', 'Wi-Fiあり', '地元食材'],
    rebate: { coinId: 2, rateBp: 100 },
    palette: ['#6b4226', '#d9b38c', '#fff4e6'],
  },
  {
    merchantId: DEMO_MERCHANTS.station.id,
    description: '前橋駅北口すぐのスタンド。朝7時から営業しています。',
    postal_code: '3710024',
    prefecture: '群馬県',
    city: '前橋市',
    street: '表町2-30-8',
    phone: '027-210-0002',
    business_hours: '毎日 7:00〜21:00',
    tags: ['カフェ', 'テイクアウト', '電源あり'],
    rebate: null,
    palette: ['#0b5e4a', '#7cc4a8', '#eefaf5'],
  },
  {
    merchantId: DEMO_MERCHANTS.bakery.id,
    description: '毎朝焼き上げる食パンと惣菜パン。',
    postal_code: '3710031',
    prefecture: '群馬県',
    city: '前橋市',
    street: '下小出町1-4-5',
    phone: '027-230-0003',
    business_hours: '火〜日 7:30〜売り切れまで\n定休日 月曜日',
    tags: ['パン', 'テイクアウト', '駐車場あり'],
    rebate: { coinId: 1, rateBp: 50 },
    palette: ['#8a5a00', '#f2c14e', '#fff9e8'],
  },
];

/** A picture without text (fonts differ between machines): circles on a gradient. */
function pictureSvg(width: number, height: number, [dark, mid, light]: readonly [string, string, string]): string {
  const r = Math.min(width, height) * 0.28;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="${dark}"/>
  <circle cx="${width / 2}" cy="${height / 2}" r="${r * 0.62}" fill="${light}"/>
  <circle cx="${width / 2 + r * 1.25}" cy="${height / 2 - r * 0.55}" r="${r * 0.22}" fill="${dark}" opacity="0.7"/>
</svg>`;
}

/** Generates a picture and stores it through the same checks and re-encoding as an upload. */
async function demoImage(trx: Trx, kind: MerchantImageKind, palette: DemoProfile['palette'], now: Date) {
  const [width, height] = kind === 'thumbnail' ? [800, 800] : [1280, 720];
  const png = await sharp(Buffer.from(pictureSvg(width, height, palette)))
    .png()
    .toBuffer();
  const image = await processImage(kind, png);
  await storeImage(trx, image, now);
  return image.sha256;
}

export async function seedMerchantSettings(trx: Trx, { now }: { now: Date }): Promise<void> {
  await trx.updateTable('coins').set({ rebatable: 1 }).where('id', 'in', REBATABLE_COIN_IDS).execute();
  const tags = await trx.selectFrom('tags').select(['id', 'name']).execute();
  const tagId = new Map(tags.map((tag) => [tag.name, tag.id]));

  for (const profile of PROFILES) {
    const [thumbnail, image] = await Promise.all([
      demoImage(trx, 'thumbnail', profile.palette, now),
      demoImage(trx, 'image', profile.palette, now),
    ]);
    await trx
      .updateTable('merchants')
      .set({
        description: profile.description,
        postal_code: profile.postal_code,
        prefecture: profile.prefecture,
        city: profile.city,
        street: profile.street,
        phone: profile.phone,
        business_hours: profile.business_hours,
        thumbnail_sha256: thumbnail,
        image_sha256: image,
        rebate_coin_id: profile.rebate?.coinId ?? null,
        rebate_rate_bp: profile.rebate?.rateBp ?? 0,
        profile_updated_at: now,
        // Established shops printed their QR poster long ago (Top's setup checklist shows it done).
        qr_poster_downloaded_at: now,
      })
      .where('id', '=', profile.merchantId)
      .execute();
    await trx
      .insertInto('merchant_tags')
      .values(profile.tags.map((name) => ({ merchant_id: profile.merchantId, tag_id: tagId.get(name) as number })))
      .execute();
  }

  // A merchant that has just signed up: closed until its Owner has filled in the profile.
  await insertShopWithOwner(trx, NEW_MERCHANT, { profile_updated_at: now });
}

/** A demo shop of one Owner: its merchant row (closed, outside any group), wallet, identity and role. */
export async function insertShopWithOwner(
  trx: Trx,
  shop: { id: number; name: string; walletNo: string; owner: { id: number; email: string; name: string } },
  merchant: Partial<Insertable<Database['merchants']>> = {},
): Promise<void> {
  await trx
    .insertInto('merchants')
    .values({
      id: shop.id,
      name: shop.name,
      wallet_no: shop.walletNo,
      group_id: null,
      allow_subscription: 0,
      status: 'CLOSED',
      ...merchant,
    })
    .execute();
  await trx
    .insertInto('wallets')
    .values({ wallet_no: shop.walletNo, owner_type: 'merchant', merchant_id: shop.id })
    .execute();
  await trx
    .insertInto('identities')
    .values({
      id: shop.owner.id,
      email: shop.owner.email,
      email_status: 'VERIFIED',
      password_hash: await hashPassword(DEMO_PASSWORD),
    })
    .execute();
  await trx
    .insertInto('merchant_users')
    .values({
      merchant_id: shop.id,
      user_id: shop.owner.id,
      name: shop.owner.name,
      role: 'Owner',
      status: 'ACTIVE',
      email: shop.owner.email,
    })
    .execute();
}
