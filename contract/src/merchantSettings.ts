import { z } from 'zod';
import { registrationNumberSchema } from './documents';
import {
  BANK_ACCOUNT_TYPES,
  BANK_HOLDER_NAME_MAX,
  MERCHANT_BUSINESS_HOURS_MAX,
  MERCHANT_CITY_MAX,
  MERCHANT_DESCRIPTION_MAX,
  MERCHANT_NAME_MAX,
  MERCHANT_STATUSES,
  MERCHANT_STREET_MAX,
  MERCHANT_TAGS_MAX,
  PREFECTURES,
  REBATE_RATE_MAX_BP,
  REBATE_RATE_STEP_BP,
  unsafeNameChar,
  ZENGIN_DIGITS,
  ZENGIN_SEARCH_LIMIT,
  ZENGIN_SEARCH_QUERY_MAX,
} from './merchantConstants';
import { idSchema, instantSchema } from './schemas';
import { toZenginKana, ZENGIN_NAME_MESSAGES, zenginInvalidChars } from './zenginKana';

/* Merchant settings: profile, status, images, tags, rebate coin, bank account, payment QR code. */

export const merchantStatusSchema = z.enum(MERCHANT_STATUSES);

const trimmed = (max: number, label: string) =>
  z.string().trim().max(max, `${label}は${max}文字以内で入力してください`);

/** Postal codes are seven digits (the console drops the hyphen); empty when not given. */
export const postalCodeSchema = z.union([
  z.literal(''),
  z.string().regex(/^\d{7}$/, '郵便番号は7桁の数字で入力してください（例: 3710023）'),
]);
/** A Japanese phone number: 10 or 11 digits starting with 0, hyphens allowed between groups. */
export const phoneSchema = z.union([
  z.literal(''),
  z
    .string()
    .regex(/^0\d{1,4}-?\d{1,4}-?\d{3,4}$/, '電話番号は0から始まる10〜11桁で入力してください（例: 027-123-4567）')
    .refine((phone) => /^\d{10,11}$/.test(phone.replaceAll('-', '')), {
      message: '電話番号は0から始まる10〜11桁で入力してください（例: 027-123-4567）',
    }),
]);

export const tagSchema = z.object({ id: z.number().int(), name: z.string() });

/** The merchant's profile as its Owner edits it (and as the app shows it). */
export const merchantProfileSchema = z.object({
  merchant_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  postal_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  street: z.string(),
  phone: z.string(),
  business_hours: z.string(),
  /** The merchant's own qualified invoice registration number (T + 13 digits), printed on its receipts; empty when none. */
  invoice_registration_no: z.string(),
  status: merchantStatusSchema,
  /** Served by `GET /merchant_images/{hash}` (content-addressed, cached for good); null when none. */
  thumbnail_url: z.string().nullable(),
  image_url: z.string().nullable(),
  tags: z.array(tagSchema),
  updated_at: instantSchema,
});

export const MERCHANT_NAME_MESSAGES = {
  required: '加盟店名を入力してください',
  tooLong: `加盟店名は${MERCHANT_NAME_MAX}文字以内で入力してください`,
  unsafe: (code: string) =>
    `加盟店名に使えない文字（${code}）が含まれています。制御文字・改行・表示されない文字・文字の向きを変える文字は使えません`,
} as const;

/** A merchant name as payers see it in their payee picker: trimmed, visible, nothing that hides or reorders. */
export const merchantNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const unsafe = unsafeNameChar(name);
    if (unsafe) ctx.addIssue({ code: 'custom', message: MERCHANT_NAME_MESSAGES.unsafe(unsafe) });
    else if (name === '') ctx.addIssue({ code: 'custom', message: MERCHANT_NAME_MESSAGES.required });
    else if (name.length > MERCHANT_NAME_MAX) ctx.addIssue({ code: 'custom', message: MERCHANT_NAME_MESSAGES.tooLong });
  });

export const updateMerchantBodySchema = z.object({
  name: merchantNameSchema,
  description: trimmed(MERCHANT_DESCRIPTION_MAX, '紹介文'),
  postal_code: postalCodeSchema,
  prefecture: z.string().refine((p) => p === '' || (PREFECTURES as readonly string[]).includes(p), {
    message: '都道府県を一覧から選んでください',
  }),
  city: trimmed(MERCHANT_CITY_MAX, '市区町村'),
  street: trimmed(MERCHANT_STREET_MAX, '番地・建物名'),
  phone: phoneSchema,
  business_hours: trimmed(MERCHANT_BUSINESS_HOURS_MAX, '営業時間'),
  /** Optional so that a client written before the field keeps the stored number. */
  invoice_registration_no: registrationNumberSchema.optional(),
});

export const updateMerchantStatusBodySchema = z.object({
  status: z.enum(MERCHANT_STATUSES, { message: '営業状態を選んでください' }),
});

/** The tags a merchant may choose from, and the ones it carries. */
export const merchantTagsResponseSchema = z.object({
  items: z.array(tagSchema),
  selected_ids: z.array(z.number().int()),
});
export const setMerchantTagsBodySchema = z.object({
  tag_ids: z
    .array(z.number().int().positive())
    .max(MERCHANT_TAGS_MAX, `タグは${MERCHANT_TAGS_MAX}個まで選べます`)
    .refine((ids) => new Set(ids).size === ids.length, { message: '同じタグが重複しています' }),
});

export const merchantImageParamsSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, '画像が見つかりません'),
});

/* ---------- rebate coin ---------- */

export const rebateCoinResponseSchema = z.object({
  /** The coin customers get back; null when the merchant gives no rebate. */
  coin_id: z.number().int().nullable(),
  rate_bp: z.number().int(),
  /** The coins a rebate may be paid in. */
  coins: z.array(z.object({ id: z.number().int(), name: z.string() })),
  max_rate_bp: z.number().int(),
  step_bp: z.number().int(),
});

export const rateBpSchema = z
  .number({ message: '還元率を入力してください' })
  .int('還元率は0.1%単位で入力してください')
  .min(0, '還元率は0%以上で入力してください')
  .max(REBATE_RATE_MAX_BP, `還元率は${REBATE_RATE_MAX_BP / 100}%以下で入力してください`)
  .refine((bp) => bp % REBATE_RATE_STEP_BP === 0, { message: '還元率は0.1%単位で入力してください' });

export const updateRebateCoinBodySchema = z
  .object({ coin_id: z.number().int().positive().nullable(), rate_bp: rateBpSchema })
  .refine((b) => b.coin_id !== null || b.rate_bp === 0, {
    message: '還元しない場合、還元率は0%にしてください',
    path: ['rate_bp'],
  })
  .refine((b) => b.coin_id === null || b.rate_bp > 0, {
    message: '還元率を入力してください（還元しない場合は「還元しない」を選んでください）',
    path: ['rate_bp'],
  });

/* ---------- bank account ---------- */

export const bankAccountTypeSchema = z.enum(BANK_ACCOUNT_TYPES, { message: '口座種別を選んでください' });
export const bankCodeSchema = z
  .string()
  .regex(
    new RegExp(`^\\d{${ZENGIN_DIGITS.bankCode}}$`),
    `金融機関コードは${ZENGIN_DIGITS.bankCode}桁の数字で入力してください`,
  );
export const branchCodeSchema = z
  .string()
  .regex(
    new RegExp(`^\\d{${ZENGIN_DIGITS.branchCode}}$`),
    `支店コードは${ZENGIN_DIGITS.branchCode}桁の数字で入力してください`,
  );
/** Seven digits; shorter numbers are left-padded with zeros (the console pads as the user leaves the field). */
export const accountNumberSchema = z
  .string()
  .regex(
    new RegExp(`^\\d{1,${ZENGIN_DIGITS.accountNumber}}$`),
    `口座番号は${ZENGIN_DIGITS.accountNumber}桁以内の数字で入力してください`,
  )
  .transform((n) => n.padStart(ZENGIN_DIGITS.accountNumber, '0'));

/** The holder name is converted to Zengin half-width katakana first, then checked. */
export const holderNameSchema = z
  .string()
  .transform((name) => toZenginKana(name).trim())
  .superRefine((name, ctx) => {
    if (name === '') ctx.addIssue({ code: 'custom', message: ZENGIN_NAME_MESSAGES.required });
    else if ([...name].length > BANK_HOLDER_NAME_MAX)
      ctx.addIssue({ code: 'custom', message: ZENGIN_NAME_MESSAGES.tooLong(BANK_HOLDER_NAME_MAX) });
    else {
      const invalid = zenginInvalidChars(name);
      if (invalid.length > 0) ctx.addIssue({ code: 'custom', message: ZENGIN_NAME_MESSAGES.invalid(invalid) });
    }
  });

export const bankParamsSchema = z.object({ id: idSchema, bank_code: bankCodeSchema });
export const branchParamsSchema = bankParamsSchema.extend({ branch_code: branchCodeSchema });
/** A bank or a branch of the Zengin code list: its full name (群馬銀行, 前橋支店) and the list's reading. */
export const zenginEntrySchema = z.object({ code: z.string(), name: z.string(), kana: z.string() });

const zenginSearchTextMessage = '検索する名前またはコードを入力してください';
export const zenginSearchQuerySchema = z.object({
  /** A name (kanji, hiragana, katakana, romaji) or the first digits of a code. */
  q: z
    .string({ message: zenginSearchTextMessage })
    .trim()
    .min(1, zenginSearchTextMessage)
    .max(ZENGIN_SEARCH_QUERY_MAX, `検索する文字は${ZENGIN_SEARCH_QUERY_MAX}文字以内で入力してください`),
});
export const zenginSearchResponseSchema = z.object({
  entries: z.array(zenginEntrySchema).max(ZENGIN_SEARCH_LIMIT),
  /** More entries matched than the answer holds: typing more narrows them down. */
  more: z.boolean(),
});

export const bankAccountBodySchema = z.object({
  bank_code: bankCodeSchema,
  branch_code: branchCodeSchema,
  account_type: bankAccountTypeSchema,
  account_number: accountNumberSchema,
  holder_name: holderNameSchema,
});

/** The account as the console shows it: names, type and holder, the number masked to its last 4 digits. */
export const bankAccountSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  account_type: bankAccountTypeSchema,
  /** e.g. `****4567` */
  number_masked: z.string(),
  holder_name: z.string(),
  updated_at: instantSchema,
});
export const bankAccountResponseSchema = z.object({ account: bankAccountSchema.nullable() });

/* ---------- payment QR code ---------- */

export const merchantQrResponseSchema = z.object({
  /** What the code encodes: the QR host's merchant intermediary (`https://qr.…/merchant/?wallet_no=…`). */
  url: z.string(),
  merchant_name: z.string(),
  wallet_no: z.string(),
});

export type MerchantProfile = z.infer<typeof merchantProfileSchema>;
export type UpdateMerchantBody = z.input<typeof updateMerchantBodySchema>;
export type MerchantTag = z.infer<typeof tagSchema>;
export type RebateCoinSettings = z.infer<typeof rebateCoinResponseSchema>;
export type BankAccount = z.infer<typeof bankAccountSchema>;
export type BankAccountBody = z.input<typeof bankAccountBodySchema>;
export type ZenginEntry = z.infer<typeof zenginEntrySchema>;
export type ZenginSearchAnswer = z.infer<typeof zenginSearchResponseSchema>;
export type MerchantQr = z.infer<typeof merchantQrResponseSchema>;
