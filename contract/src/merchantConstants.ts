/*
 * Merchant settings: profile, images, tags, rebate coin, bank account. A module of its own (not
 * constants.ts): the prefecture list and the limits load with the settings pages only, not with the
 * constants every list page shares.
 */

/** A merchant is open for payments or closed (the app shows it as closed and refuses payments). */
export const MERCHANT_STATUSES = ['OPEN', 'CLOSED'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];
export const MERCHANT_NAME_MAX = 50;
export const MERCHANT_DESCRIPTION_MAX = 500;
export const MERCHANT_CITY_MAX = 50;
export const MERCHANT_STREET_MAX = 100;
export const MERCHANT_BUSINESS_HOURS_MAX = 200;
/** The most tags a merchant may carry. */
export const MERCHANT_TAGS_MAX = 10;

/**
 * Characters a merchant name refuses, because they let one name pass for another in the payee picker:
 * controls and line breaks (Cc, Zl, Zp), format characters (Cf: direction marks and overrides, zero-width
 * spaces and joiners, soft hyphen, BOM), spaces other than the ASCII and ideographic ones, and the blank
 * letters that render as nothing (Hangul fillers, braille blank).
 */
const UNSAFE_NAME_CHAR =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00A0\u1680\u2000-\u200A\u202F\u205F\u115F\u1160\u3164\uFFA0\u2800]/u;
/**
 * The first refused character, as U+XXXX, for the message; null when the name is safe. Here rather than
 * beside merchantNameSchema: the console's profile form checks names with it, and taking it from the
 * schemas' module brought them (and zod) into the Merchant page's chunk.
 */
export function unsafeNameChar(name: string): string | null {
  const found = UNSAFE_NAME_CHAR.exec(name);
  if (!found) return null;
  return `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Japan's prefectures, in the order of their JIS codes. */
export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;
export type Prefecture = (typeof PREFECTURES)[number];

/** The query parameter of a merchant's payment QR code on the QR host (`/merchant/?wallet_no=…`). */
export const MERCHANT_QR_QUERY_PARAM = 'wallet_no';

/** The merchant's images: a square thumbnail (lists in the app) and a main image (its page). */
export const MERCHANT_IMAGE_KINDS = ['thumbnail', 'image'] as const;
export type MerchantImageKind = (typeof MERCHANT_IMAGE_KINDS)[number];
/** The largest file an image upload may carry (5 MB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What an upload may be, judged by its bytes (not its name or declared type). */
export const IMAGE_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The smallest and largest sides an upload may have, per kind, in pixels. */
export const IMAGE_LIMITS: Record<MerchantImageKind, { minWidth: number; minHeight: number; maxSide: number }> = {
  thumbnail: { minWidth: 200, minHeight: 200, maxSide: 8000 },
  image: { minWidth: 640, minHeight: 360, maxSide: 8000 },
};

/** A rebate (還元) is a rate of each payment, in basis points (100 = 1 %), paid back in the chosen coin. */
export const REBATE_RATE_MAX_BP = 1000;
/** Rates go in steps of 0.1 %. */
export const REBATE_RATE_STEP_BP = 10;
/** What a payment of `amount` gives back at `rateBp`: fractions of a coin are cut off. */
export const rebateOf = (amount: number, rateBp: number) => Math.floor((amount * rateBp) / 10_000);

/** Bank account types of the Zengin system: 普通, 当座, 貯蓄. */
export const BANK_ACCOUNT_TYPES = ['ORDINARY', 'CURRENT', 'SAVINGS'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = {
  ORDINARY: '普通',
  CURRENT: '当座',
  SAVINGS: '貯蓄',
};
/** Digits of the Zengin codes: bank 4, branch 3; account numbers have up to 7 (left-padded with zeros). */
export const ZENGIN_DIGITS = { bankCode: 4, branchCode: 3, accountNumber: 7 } as const;
/** A bank or branch search answers at most this many entries, best first. */
export const ZENGIN_SEARCH_LIMIT = 20;
/** The longest search text: longer than any name of the Zengin list. */
export const ZENGIN_SEARCH_QUERY_MAX = 40;
/** An account holder's name in half-width katakana, as the Zengin transfer file carries it. */
export const BANK_HOLDER_NAME_MAX = 30;
