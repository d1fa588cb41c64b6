/** Business constants of the specification (§9) and the runtime defaults built on them. */

export const LANGUAGE = 'jp' as const;

export const REQUEST_TIMEOUT_MS = 60_000;
export const PASSWORD_MIN_LENGTH_DEFAULT = 8;
export const DEFAULT_PAGE_SIZE = 20;
/** Offsets are 1-based page numbers. */
export const DEFAULT_OFFSET = 1;
export const MAX_PAGE_SIZE = 100;

export const PLATFORM = 'web' as const;
export const REQUESTER = 'MerchantWeb' as const;

export const NOTIFICATION_MS = 5000;

/** allow_subscription, refundable and transferable use 1 for yes. */
export const FLAG_YES = 1;

/** Fee summary statuses shown with the settled marker. */
export const SETTLED_FEE_STATUSES = ['SETTLED', 'CASH_SETTLED'] as const;

/** Calendar days, months and filters are Asia/Tokyo. */
export const BUSINESS_TIME_ZONE = 'Asia/Tokyo';

/** Name of the cache-busting query parameter sent with every call. */
export const CACHE_BUST_PARAM = '_';

/* Value lists of the schemas, here (zod-free) so the console's page chunks can use them without zod. */

export const TRANSACTION_TYPES = [
  'PAYMENT',
  'RELOAD',
  'REFUND',
  'TRANSFER',
  'REBATE',
  'WITHDRAWAL',
  'FEE',
  'CASH_CANCEL',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const REFUND_APPLICATION_STATUSES = ['REQUESTED', 'APPROVED', 'CANCELED'] as const;
export type RefundApplicationStatus = (typeof REFUND_APPLICATION_STATUSES)[number];

/** Reports the CSV download serves. */
export const CSV_REPORTS = [
  'histories',
  'cashcancel',
  'comments',
  'tx_fees',
  'refund_applications',
  'refund_fees',
  'merchant_payments',
  'payouts',
  'group_payouts',
  'merchant_rebates',
  'utility_bills',
  'coupons',
  'book_ticket_uses',
  'subscribers',
  'automatic_payments',
] as const;

/** Whose fee limit GET /history/fee_limits answers. */
export const FEE_USER_TYPES = ['MERCHANT', 'CUSTOMER'] as const;
export type FeeUserType = (typeof FEE_USER_TYPES)[number];

/** CSV encodings: Windows-31J (what Excel in Japan opens) or UTF-8 with BOM. */
export const CSV_ENCODINGS = ['cp932', 'utf8'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/* Money in and out: payment requests, URL payments, invoices, reloads. */

/** The largest amount one payment to another merchant, one payment link or one reload may carry. */
export const MAX_PAYMENT_AMOUNT = 10_000_000;
export const MAX_RELOAD_AMOUNT = 100_000;
/** The comment of a payment to another merchant, in characters. */
export const PAYMENT_COMMENT_MAX = 100;
/** A payment link's description, in characters. */
export const URL_PAYMENT_DESCRIPTION_MAX = 100;
/** A payment link expires at the end of a Tokyo day at most this many days ahead. */
export const URL_PAYMENT_MAX_DAYS = 365;
/** The query parameter of a payment link on the QR host (`/payment/?url_payment=…`). */
export const URL_PAYMENT_QUERY_PARAM = 'url_payment';

/** A payment link: usable, past its expiry, or stopped by the merchant. */
export const URL_PAYMENT_STATUSES = ['ACTIVE', 'EXPIRED', 'STOPPED'] as const;
export type UrlPaymentStatus = (typeof URL_PAYMENT_STATUSES)[number];

/** An invoice: to pay, to pay and past its due date, or paid. */
export const INVOICE_STATUSES = ['UNPAID', 'OVERDUE', 'PAID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/* Payouts, rebates and utility bills. */

/** A payout: closed and waiting for its payout date, transferred, or refused by the bank (returned). */
export const PAYOUT_STATUSES = ['SCHEDULED', 'PAID', 'FAILED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A utility bill paid by QR at a merchant: paid, or canceled (the payment reversed). */
export const UTILITY_BILL_STATUSES = ['PAID', 'CANCELED'] as const;
export type UtilityBillStatus = (typeof UTILITY_BILL_STATUSES)[number];

/** Kinds of utility bills. */
export const UTILITY_BILL_CATEGORIES = ['ELECTRICITY', 'GAS', 'WATER', 'PHONE', 'TAX'] as const;
export type UtilityBillCategory = (typeof UTILITY_BILL_CATEGORIES)[number];

/* Customer programs: coupons, book tickets, subscriptions, automatic payments. */

/** A coupon: not yet valid, being handed out, over (past its last day or out of stock), or stopped. */
export const COUPON_STATUSES = ['SCHEDULED', 'ACTIVE', 'ENDED', 'STOPPED'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
/** A coupon takes a fixed amount off, or a percentage. */
export const COUPON_DISCOUNT_TYPES = ['AMOUNT', 'RATE'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];
export const COUPON_NAME_MAX = 40;
export const COUPON_MAX_RATE_PERCENT = 90;
/** The most uses a coupon's stock may allow. */
export const COUPON_STOCK_MAX = 1_000_000;

/** A subscription: charged each cycle, stopped by the customer, or stopped after a failed charge. */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'STOPPED', 'PAYMENT_FAILED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_CYCLES = ['MONTHLY', 'YEARLY'] as const;
export type SubscriptionCycle = (typeof SUBSCRIPTION_CYCLES)[number];

/** An automatic payment's result: charged, failed for good, or failed once and retried on the next run. */
export const AUTOMATIC_PAYMENT_RESULTS = ['SUCCEEDED', 'FAILED', 'RETRY_SCHEDULED'] as const;
export type AutomaticPaymentResult = (typeof AUTOMATIC_PAYMENT_RESULTS)[number];

/* Merchant settings: profile, images, tags, rebate coin, bank account. */

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
/** An account holder's name in half-width katakana, as the Zengin transfer file carries it. */
export const BANK_HOLDER_NAME_MAX = 30;
