import type { RefundApplicationStatus, Role, TransactionType } from '@coin/contract';
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';

/** bigint and numeric columns are parsed to JS numbers by the connection (amounts are yen: safe). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column, read as 'YYYY-MM-DD'. */
type DateOnly = ColumnType<string, string, string>;
type Flag = 0 | 1;

export type { RefundApplicationStatus, TransactionType };
export type EmailStatus = 'VERIFIED' | 'UNVERIFIED';
export type MerchantUserStatus = 'ACTIVE' | 'SUSPENDED' | 'INACTIVE' | 'CANCELED';
export type WalletOwnerType = 'merchant' | 'customer' | 'system';
export type FeeStatus = 'UNSETTLED' | 'SETTLED' | 'CASH_SETTLED';

export interface IdentityTable {
  id: Generated<number>;
  email: string;
  email_status: EmailStatus;
  /** Null until the user sets a password (invited, not activated). */
  password_hash: string | null;
  /** Failed passwords in a row; reset by a successful sign-in and when a lockout starts. */
  failed_sign_ins: Generated<number>;
  /** Failed second-step proofs in a row (migration 0019): only a completed second step resets them. */
  failed_second_steps: Generated<number>;
  /** Sign-in is refused until then. */
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MerchantGroupTable {
  id: Generated<number>;
  name: string;
  parent_merchant_id: number | null;
}

export interface MerchantTable {
  id: Generated<number>;
  name: string;
  wallet_no: string;
  group_id: number | null;
  allow_subscription: Flag;
  status: 'OPEN' | 'CLOSED';
  created_at: CreatedAt;
  // Profile (migration 0009)
  description: Generated<string>;
  postal_code: Generated<string>;
  prefecture: Generated<string>;
  city: Generated<string>;
  street: Generated<string>;
  phone: Generated<string>;
  business_hours: Generated<string>;
  thumbnail_sha256: string | null;
  image_sha256: string | null;
  /** The coin customers get back from a payment, and the rate (basis points); none: null and 0. */
  rebate_coin_id: number | null;
  rebate_rate_bp: Generated<number>;
  profile_updated_at: UpdatedAt;
  /** When the payment QR poster was first downloaded (Top's setup checklist; migration 0014). */
  qr_poster_downloaded_at: Date | null;
  /** Staff must have a second factor to use the merchant (issue 24; migration 0015). */
  require_two_step: Generated<boolean>;
  /** Issue 48 (migration 0021): minutes a sign-in bound to the shop may stay unused (5–60). */
  idle_timeout_minutes: Generated<number>;
  /** The merchant's own qualified invoice registration number, printed on its receipts; '' when none (migration 0016). */
  invoice_registration_no: Generated<string>;
}

/* Documents (migration 0016). */

export type DocumentKind = 'fee_invoice' | 'receipt';

/** A numbered document as issued: rendered again from `content`, so the same number always gives the same paper. */
export interface IssuedDocumentTable {
  id: Generated<number>;
  merchant_id: number;
  kind: DocumentKind;
  /** The month (YYYYMM) of a fee invoice, the transaction id of a receipt. */
  subject: string;
  number: string;
  issued_at: Date;
  content: unknown;
  /** The fee invoice this one corrects, or the receipt this one reissues. */
  replaces_id: number | null;
  issued_by: number | null;
}

/** An operator's correction of a month's fee summary. */
export interface FeeCorrectionTable {
  id: Generated<number>;
  merchant_id: number;
  summarized_month: string;
  previous_amount: number;
  amount: number;
  reason: string;
  created_at: Date;
}

/* Two-step sign-in (migration 0015). */

export interface IdentityTotpTable {
  identity_id: number;
  /** Base32. */
  secret: string;
  /** Null while the enrolment waits for its first code. */
  confirmed_at: Date | null;
  /** The last time step a code was accepted for: a code works once. */
  last_step: ColumnType<string | null, string | number | null, string | number | null>;
  created_at: CreatedAt;
}

export interface IdentityPasskeyTable {
  id: Generated<number>;
  identity_id: number;
  /** Base64url. */
  credential_id: string;
  /** Base64url of the COSE public key. */
  public_key: string;
  counter: ColumnType<string, string | number | undefined, string | number>;
  /** JSON array of transports, as the browser told them. */
  transports: string | null;
  name: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
}

export interface IdentityRecoveryCodeTable {
  id: Generated<number>;
  identity_id: number;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface SecondStepTokenTable {
  id: Generated<number>;
  token_hash: string;
  identity_id: number;
  platform: string;
  /** The WebAuthn challenge of a passkey second step, once its options were asked for. */
  challenge: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface WebAuthnChallengeTable {
  identity_id: number;
  purpose: 'register' | 'step_up';
  challenge: string;
  expires_at: Date;
}

export interface MerchantUserTable {
  merchant_id: number;
  user_id: number;
  /** The merchant user's nick name. */
  name: string;
  role: Role;
  status: MerchantUserStatus;
  /** The address of record for this merchant; null means the identity's address. */
  email: string | null;
  activate_token_hash: string | null;
  activate_token_available_until: Timestamp | null;
  /** When the invitation was accepted; its token then answers "already used". */
  activated_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CoinTable {
  id: number;
  name: string;
  transferable: Flag;
  refundable: Flag;
  reloadable: Flag;
  /** A merchant may give it back as a rebate (migration 0009). */
  rebatable: Generated<Flag>;
}

/** Coins a merchant sells to customers (its reloadable coins). */
export interface MerchantReloadCoinTable {
  merchant_id: number;
  coin_id: number;
}

export interface WalletTable {
  wallet_no: string;
  owner_type: WalletOwnerType;
  merchant_id: number | null;
  created_at: CreatedAt;
}

export interface WalletBalanceTable {
  wallet_no: string;
  coin_id: number;
  amount: number;
  allow_negative: boolean;
  updated_at: UpdatedAt;
}

export interface TransactionTable {
  id: Generated<number>;
  type: TransactionType;
  merchant_id: number | null;
  related_transaction_id: number | null;
  comment: string | null;
  /** Generated: comment is not null (migration 0005). */
  commented: GeneratedAlways<boolean>;
  idempotency_key: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface EntryTable {
  id: Generated<number>;
  transaction_id: number;
  wallet_no: string;
  coin_id: number;
  /** Signed: positive in, negative out. */
  amount: number;
  balance_after: number;
  /** The main wallet on the other side, for history display. */
  counterparty_wallet_no: string | null;
  /** Copies of the transaction's type and commented, held equal by a foreign key, for the filtered indexes. */
  type: TransactionType;
  commented: boolean;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface FeeRateTable {
  id: Generated<number>;
  merchant_id: number;
  type: TransactionType;
  rate_bp: number;
  valid_from: DateOnly;
}

export interface FeeLimitTable {
  id: Generated<number>;
  user_type: string;
  limit_amount: number;
  valid_from: DateOnly;
}

export interface MonthlyFeeSummaryTable {
  id: Generated<number>;
  merchant_id: number;
  summarized_month: string;
  amount: number;
  tax: number;
  status: FeeStatus;
  settlement_transaction_id: number | null;
}

export interface RefundApplicationTable {
  id: Generated<number>;
  merchant_id: number;
  /** The customer's wallet the refund goes to. */
  wallet_no: string;
  payment_transaction_id: number;
  refund_transaction_id: number | null;
  coin_id: number;
  amount: number;
  fee: number;
  status: RefundApplicationStatus;
  idempotency_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  // Money: refunds (migration 0004)
  /** The refund fee rate (basis points) the fee was computed with. */
  fee_rate_bp: ColumnType<number, number | undefined, number>;
  requested_by: number | null;
  approved_at: Timestamp | null;
  canceled_at: Timestamp | null;
  // Payment detail (migration 0011)
  /** Why the merchant refunds; null when no reason was given. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Money: refunds. A money-moving request's key, per caller, with the answer it gave. */
export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  method: string;
  path: string;
  /** sha256 hex of the request (method, path, body). */
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  created_at: CreatedAt;
}

export interface NoticeTable {
  id: Generated<number>;
  revision: number;
  title: string;
  body: string;
  published_at: Timestamp;
}

/** One sign-in; its id is the popinfo_id claim. Revoking it ends every token of the sign-in. */
export interface SessionFamilyTable {
  popinfo_id: string;
  /** The sign-in the family belongs to: its own popinfo id, or that of the tab it was forked from (migration 0012). */
  sign_in_id: string;
  user_id: number;
  platform: string;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
  /** Issue 48 (migration 0021), kept on the sign-in's first family: its browser and system, e.g. "Chrome 131 / Windows". */
  device: Generated<string>;
  client_ip: string | null;
  /** The sign-in's last request (updated at most every SIGN_IN_TOUCH_MS). */
  last_used_at: Generated<Date>;
  /** How long the sign-in may stay unused: the timeout of the shop it was last bound to. */
  idle_minutes: Generated<number>;
  /** Why it ended: logout, ended_elsewhere, idle, suspended or reuse. */
  end_reason: string | null;
}

/**
 * A proof for one change (migration 0019): made by one tab (family) for one purpose, in one merchant
 * (null for the user's own account), presented by that tab with the change and spent by it.
 */
export interface StepUpProofTable {
  id: Generated<string>;
  /** sha256 of the opaque token the tab holds, hex. */
  token_hash: string;
  popinfo_id: string;
  user_id: number;
  merchant_id: number | null;
  purpose: string;
  /** What proved the user: password, totp, recovery_code or passkey. */
  method: string;
  expires_at: Timestamp;
  spent_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface ReauthTokenTable {
  id: Generated<number>;
  popinfo_id: string;
  /** sha256 of the opaque token, hex. */
  token_hash: string;
  user_id: number;
  merchant_id: number | null;
  platform: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export type AccountTokenPurpose =
  | 'invitation_email'
  | 'invitation_password'
  | 'password_reset'
  | 'initial_password'
  | 'email_change';

/** A token sent in a mailed link (other than the invitation's own, kept on merchant_users). */
export interface AccountTokenTable {
  id: Generated<number>;
  /** sha256 of the random token, hex. */
  token_hash: string;
  purpose: AccountTokenPurpose;
  user_id: number;
  merchant_id: number | null;
  /** The new address of an email change. */
  email: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** Replaced by a newer token of the same purpose. */
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Who changed what, when: staff changes and account events. */
export interface AuditEventTable {
  id: Generated<number>;
  occurred_at: CreatedAt;
  actor_user_id: number | null;
  action: string;
  merchant_id: number | null;
  target_user_id: number | null;
  /** JSON of the changed fields before and after. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  client_ip: string | null;
}

export interface Database {
  identities: IdentityTable;
  merchant_groups: MerchantGroupTable;
  merchants: MerchantTable;
  identity_totp: IdentityTotpTable;
  identity_passkeys: IdentityPasskeyTable;
  identity_recovery_codes: IdentityRecoveryCodeTable;
  second_step_tokens: SecondStepTokenTable;
  webauthn_challenges: WebAuthnChallengeTable;
  merchant_users: MerchantUserTable;
  coins: CoinTable;
  merchant_reload_coins: MerchantReloadCoinTable;
  wallets: WalletTable;
  wallet_balances: WalletBalanceTable;
  transactions: TransactionTable;
  entries: EntryTable;
  fee_rates: FeeRateTable;
  fee_limits: FeeLimitTable;
  monthly_fee_summaries: MonthlyFeeSummaryTable;
  refund_applications: RefundApplicationTable;
  notices: NoticeTable;
  session_families: SessionFamilyTable;
  step_up_proofs: StepUpProofTable;
  reauth_tokens: ReauthTokenTable;
  account_tokens: AccountTokenTable;
  audit_events: AuditEventTable;
  // Money: refunds
  idempotency_keys: IdempotencyKeyTable;
  // Money: histories and fees
  wallet_history_days: WalletHistoryDayTable;
  // Money in and out (migration 0006)
  payment_rates: PaymentRateTable;
  merchant_payments: MerchantPaymentTable;
  url_payments: UrlPaymentTable;
  url_payment_uses: UrlPaymentUseTable;
  invoices: InvoiceTable;
  // Payouts, rebates and utility bills (migration 0007)
  merchant_bank_accounts: MerchantBankAccountTable;
  payouts: PayoutTable;
  payout_skips: PayoutSkipTable;
  merchant_rebates: MerchantRebateTable;
  utility_bill_payments: UtilityBillPaymentTable;
  // Customer programs (migration 0008)
  coupons: CouponTable;
  coupon_uses: CouponUseTable;
  book_tickets: BookTicketTable;
  book_ticket_uses: BookTicketUseTable;
  subscription_plans: SubscriptionPlanTable;
  subscriptions: SubscriptionTable;
  automatic_payments: AutomaticPaymentTable;
  // Merchant settings (migration 0009)
  merchant_images: MerchantImageTable;
  tags: TagTable;
  merchant_tags: MerchantTagTable;
  // Mail outbox (migration 0010)
  mail_outbox: MailOutboxTable;
  // Documents (migration 0016)
  issued_documents: IssuedDocumentTable;
  fee_corrections: FeeCorrectionTable;
  // Journal export (migration 0017)
  journal_accounts: JournalAccountTable;
}

/** The account names a merchant's journal export books under (issue 26; migration 0017); no row: the defaults. */
export interface JournalAccountTable {
  merchant_id: number;
  receivable: string;
  sales: string;
  fees: string;
  bank: string;
  payable: string;
  other_income: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A mail waiting for delivery, delivered, or given up after its last attempt. */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  link: string;
  created_at: CreatedAt;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
}

/** An image by the SHA-256 of its re-encoded bytes (content-addressed: the same bytes, one row). */
export interface MerchantImageTable {
  sha256: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: CreatedAt;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
}

export interface MerchantTagTable {
  merchant_id: number;
  tag_id: number;
}

/** A coupon of a merchant; its status is derived (dates, stop, uses against stock). */
export interface CouponTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  discount_type: 'AMOUNT' | 'RATE';
  discount_value: number;
  min_purchase: number;
  stock: number | null;
  starts_on: DateOnly;
  ends_on: DateOnly;
  stopped_at: Timestamp | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** A coupon used in a payment: its PAYMENT transaction carries the discounted amount. */
export interface CouponUseTable {
  transaction_id: number;
  coupon_id: number;
  wallet_no: string;
  purchase_amount: number;
  discount: number;
  paid_amount: number;
  created_at: Timestamp;
}

export interface BookTicketTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  uses_per_ticket: number;
  price: number;
}

export interface BookTicketUseTable {
  id: Generated<number>;
  ticket_id: number;
  merchant_id: number;
  wallet_no: string;
  uses_left: number;
  used_at: Timestamp;
}

export interface SubscriptionPlanTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  price: number;
  cycle: 'MONTHLY' | 'YEARLY';
  coin_id: number;
}

export interface SubscriptionTable {
  id: Generated<number>;
  plan_id: number;
  wallet_no: string;
  status: 'ACTIVE' | 'STOPPED' | 'PAYMENT_FAILED';
  started_on: DateOnly;
  next_charge_on: DateOnly | null;
  stopped_on: DateOnly | null;
}

/** A charge due on a day: charged (its PAYMENT), failed, or failed once and retried on the next run. */
export interface AutomaticPaymentTable {
  id: Generated<number>;
  merchant_id: number;
  subscription_id: number | null;
  wallet_no: string;
  description: string;
  coin_id: number;
  amount: number;
  scheduled_on: DateOnly;
  result: 'SUCCEEDED' | 'FAILED' | 'RETRY_SCHEDULED';
  failure_reason: string | null;
  attempts: number;
  last_attempt_on: DateOnly;
  processed_at: Timestamp;
  transaction_id: number | null;
}

import type { BankAccountType } from '@coin/contract';

export type { BankAccountType };

/** The bank account a merchant's payouts go to. */
export interface MerchantBankAccountTable {
  merchant_id: number;
  bank_code: string;
  bank_name: string;
  branch_code: string;
  branch_name: string;
  account_type: BankAccountType;
  account_number: string;
  holder_name: string;
  updated_at: UpdatedAt;
  /** When the account last changed to another one (migration 0013): payouts to it are held for a while. */
  changed_at: Timestamp | null;
}

/** A payout of one closing period: its WITHDRAWAL transaction and the account it went to. */
export interface PayoutTable {
  id: Generated<number>;
  merchant_id: number;
  period_start: DateOnly;
  period_end: DateOnly;
  payout_date: DateOnly;
  coin_id: number;
  gross_amount: number;
  fee: number;
  transfer_fee: number;
  net_amount: number;
  bank_name: string;
  branch_name: string;
  account_type: BankAccountType;
  account_number: string;
  transaction_id: number;
  failed_at: Timestamp | null;
  failure_reason: string | null;
  return_transaction_id: number | null;
  created_at: CreatedAt;
}

/** A closing the payout run passed over for a merchant, and why. */
export interface PayoutSkipTable {
  merchant_id: number;
  period_end: DateOnly;
  reason: string;
  created_at: CreatedAt;
}

/** A rebate paid to a merchant: its month, campaign and REBATE transaction. */
export interface MerchantRebateTable {
  id: Generated<number>;
  merchant_id: number;
  month: string;
  campaign: string;
  coin_id: number;
  base_amount: number;
  rate_bp: number;
  amount: number;
  transaction_id: number;
  paid_at: Timestamp;
}

/** A utility bill a customer paid by QR at a merchant. */
export interface UtilityBillPaymentTable {
  id: Generated<number>;
  merchant_id: number;
  bill_number: string;
  biller_name: string;
  category: 'ELECTRICITY' | 'GAS' | 'WATER' | 'PHONE' | 'TAX';
  payer_wallet_no: string;
  amount: number;
  paid_at: Timestamp;
  status: 'PAID' | 'CANCELED';
  canceled_at: Timestamp | null;
}

/** Money in and out: a rate choice of a payment to another merchant. */
export interface PaymentRateTable {
  type: string;
  label: string;
  rate_bp: number;
  group_only: boolean;
  sort_order: number;
}

/** Money in and out: the figures of a payment to another merchant (its TRANSFER transaction). */
export interface MerchantPaymentTable {
  transaction_id: number;
  from_merchant_id: number;
  to_merchant_id: number;
  coin_id: number;
  amount: number;
  fee: number;
  rate_type: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** Money in and out: a payment link; its status is derived (stopped_at, expires_on). */
export interface UrlPaymentTable {
  id: Generated<number>;
  merchant_id: number;
  token: string;
  coin_id: number;
  amount: number;
  description: string;
  /** The last Asia/Tokyo day the link works. */
  expires_on: DateOnly;
  stopped_at: Timestamp | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** Money in and out: one customer payment through a link (its PAYMENT transaction). */
export interface UrlPaymentUseTable {
  transaction_id: number;
  url_payment_id: number;
  wallet_no: string;
  amount: number;
  created_at: Timestamp;
}

/** Money in and out: an invoice addressed to a merchant; paid once, by one ledger transaction. */
export interface InvoiceTable {
  id: Generated<number>;
  merchant_id: number;
  issuer_name: string;
  issuer_wallet_no: string;
  title: string;
  /** JSON array of {name, quantity, unit_price, amount}. */
  items: ColumnType<unknown, string, string>;
  coin_id: number;
  amount: number;
  due_date: DateOnly;
  issued_at: ColumnType<Date, Date | string | undefined, Date | string>;
  paid_transaction_id: number | null;
  paid_at: Timestamp | null;
  paid_by: number | null;
}

/** Money: histories and fees (migration 0003). Entries per wallet, Asia/Tokyo day and type; kept by triggers. */
export interface WalletHistoryDayTable {
  wallet_no: string;
  day: DateOnly;
  type: TransactionType;
  entries: number;
  /** Of those, the entries whose transaction carries a comment (migration 0005). */
  commented: number;
}

export type Identity = Selectable<IdentityTable>;
export type NewEntry = Insertable<EntryTable>;
