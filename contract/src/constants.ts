import { ALL_ROLES, OWNER_ONLY, type Role } from './roles';

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
  'url_payments',
  'invoices',
  'merchant_users',
  /** The Owner's 操作履歴 (issue 48). */
  'audit_events',
  /** The period's journal entries in 弥生会計's import layout (no header row). */
  'journal_yayoi',
] as const;
/** Reports whose file has no header row (an accounting package imports it from its first line). */
export const CSV_REPORTS_WITHOUT_HEADER: readonly (typeof CSV_REPORTS)[number][] = ['journal_yayoi'];

/**
 * Who may download each report: the roles of the list it mirrors where that list is narrower than the
 * download call (merchant(ALL_ROLES)). The server refuses others (403) before reading the query; the
 * download page offers each role its own reports. Here, beside the reports, not with their schemas: the
 * download page reads it, and taking it from the schemas' module brought zod into that page's chunk.
 */
const OWNER_ONLY_REPORTS: ReadonlySet<string> = new Set(['merchant_users', 'audit_events']);
export const CSV_REPORT_ROLES: Readonly<Record<(typeof CSV_REPORTS)[number], readonly Role[]>> = Object.fromEntries(
  CSV_REPORTS.map((report) => [report, OWNER_ONLY_REPORTS.has(report) ? OWNER_ONLY : ALL_ROLES]),
) as Record<(typeof CSV_REPORTS)[number], readonly Role[]>;

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

/* Trust */

/** What a step-up proof may be made for: each names one change (or one two-call change). */
export const STEP_UP_PURPOSES = [
  'totp',
  'remove_totp',
  'passkey',
  'remove_passkey',
  'recovery_codes',
  'two_step_policy',
  'idle_timeout',
  'staff',
  'merchant_status',
  'bank_account',
  'payment',
  'credentials',
] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];
/** Purposes that concern the user's own account: their proof belongs to no merchant. */
export const OWN_ACCOUNT_PURPOSES: readonly StepUpPurpose[] = [
  'totp',
  'remove_totp',
  'passkey',
  'remove_passkey',
  'recovery_codes',
  'credentials',
];

/** How long a step-up proof, made for one change in one tab, may be presented with that change (issue 45). */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/**
 * Hours after a change of the payout bank account during which payouts to it are held (the server's
 * BANK_ACCOUNT_HOLD_HOURS by default): three days, so every Owner has read the mailed notice, over a
 * weekend too, and can react before money leaves for an account someone else entered.
 */
export const BANK_ACCOUNT_HOLD_HOURS_DEFAULT = 72;

/**
 * Inactivity (issue 48): a sign-in unused for the shop's number of minutes ends on the server. 15 by
 * default, as PCI DSS 8.2.8 asks of administrative access; the Owner may choose within these bounds.
 */
export const IDLE_TIMEOUT_DEFAULT_MINUTES = 15;
export const IDLE_TIMEOUT_MIN_MINUTES = 5;
export const IDLE_TIMEOUT_MAX_MINUTES = 60;
/** The console warns this long before the sign-in ends, with a button to stay signed in. */
export const IDLE_WARNING_MS = 60_000;
