import type { StepUpPurpose } from './constants';
import { ALL_ROLES, OWNER_ONLY, PAYING_ROLES, type Role } from './roles';

/**
 * Who may make a call. The server enforces it; the console only mirrors it.
 * - public: no authorization.
 * - authenticated: a valid authorization; the handler applies its own ownership rule.
 * - merchant: the caller's role for the merchant named by path param `id`, read from the database.
 * - wallet: the caller's role for the merchant that owns path param `wallet_no`.
 * - refundApplication: the caller's role for the merchant of path param `refund_application_id`.
 * - session: the caller's role for the merchant the session is bound to (calls without a merchant in
 *   their path that only some roles' pages use); a session bound to none is refused.
 */
export type CallAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'merchant'; roles: readonly Role[] }
  | { kind: 'wallet'; roles: readonly Role[] }
  | { kind: 'refundApplication'; roles: readonly Role[] }
  | { kind: 'session'; roles: readonly Role[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a call goes and who may make it; its summary and schemas are in `CALLS` (calls.ts). */
export interface CallEndpoint {
  method: HttpMethod;
  /** Relative to the API base URL, OpenAPI style (`/merchants/{id}`). */
  path: string;
  access: CallAccess;
  /** The call answers a fresh `Authorization` header. */
  issuesAuthorization?: boolean;
  /**
   * The call moves money: it requires an `Idempotency-Key` header, and a retry with the same key
   * answers the first result without moving money again (the same key with another body: 409).
   */
  idempotent?: boolean;
  /** The call answers a file of this media type instead of JSON (CSV reports, images, the QR poster). */
  produces?: 'text/csv' | 'image/png' | 'image/webp' | 'application/pdf';
  /** The call takes a `multipart/form-data` body with one file in field `file` (image uploads). */
  consumes?: 'multipart/form-data';
  /**
   * The call changes where money goes, staff, the merchant's status or the caller's factors: it needs a
   * proof made for this purpose in the caller's tab (POST /sessions/current/step_up answers it), sent in
   * the STEP_UP_HEADER, else 403 `step_up_required` naming the purpose, checked after the role and before
   * the input. The call spends the proof when it succeeds (issue 45).
   */
  stepUp?: StepUpPurpose;
  /**
   * How the call uses its proof: `prepares` needs it without spending it (the first call of a two-call
   * change: an app's secret, a passkey's options); `above_limit` needs it only for an amount above the
   * operator's limit, which the call itself checks; `with_factor` needs it only of a user with an app or a
   * passkey (whose password alone proves nothing; the call takes the current password besides).
   */
  stepUpUse?: 'prepares' | 'above_limit' | 'with_factor';
}

/** The request header that carries a step-up proof (the token POST /sessions/current/step_up answered). */
export const STEP_UP_HEADER = 'Step-Up-Token';

/** The request header of idempotent calls (1–255 visible ASCII characters; a UUID is a good choice). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const publicAccess: CallAccess = { kind: 'public' };
const merchant = (roles: readonly Role[]): CallAccess => ({ kind: 'merchant', roles });
const wallet = (roles: readonly Role[]): CallAccess => ({ kind: 'wallet', roles });

/**
 * The call table without its zod schemas, so a client can build requests without loading zod
 * (the console's first load); `CALLS` adds the schemas to these entries.
 */
export const CALL_ENDPOINTS = {
  createMerchantSession: {
    method: 'POST',
    path: '/sessions/merchant',
    access: publicAccess,
    issuesAuthorization: true,
  },
  refreshSession: {
    method: 'POST',
    path: '/sessions/refresh',
    access: publicAccess,
    issuesAuthorization: true,
  },
  /** Log out: the caller's sign-in (its session family: reauth tokens and authorization) ends at once. */
  endSession: {
    method: 'DELETE',
    path: '/sessions/current',
    access: { kind: 'authenticated' },
  },
  /** A tab opened from a signed-in tab gets a session family of its own, in the caller's sign-in. */
  stepUpSession: {
    method: 'POST',
    path: '/sessions/current/step_up',
    access: { kind: 'authenticated' },
  },
  // Two-step sign-in (issue 24). The second step of a sign-in: public, rate limited, the token proves the password.
  completeSecondStep: {
    method: 'POST',
    path: '/sessions/merchant/second_step',
    access: publicAccess,
    issuesAuthorization: true,
  },
  secondStepPasskeyOptions: {
    method: 'POST',
    path: '/sessions/merchant/second_step/passkey_options',
    access: publicAccess,
  },
  stepUpPasskeyOptions: {
    method: 'POST',
    path: '/sessions/current/step_up/passkey_options',
    access: { kind: 'authenticated' },
  },
  /** The caller's own factors (`{id}` is the caller's user id; another id is 404). */
  getTwoStep: {
    method: 'GET',
    path: '/identities/{id}/two_step',
    access: { kind: 'authenticated' },
  },
  startTotp: {
    method: 'POST',
    path: '/identities/{id}/two_step/totp',
    access: { kind: 'authenticated' },
    stepUp: 'totp',
    stepUpUse: 'prepares',
  },
  confirmTotp: {
    method: 'PUT',
    path: '/identities/{id}/two_step/totp',
    access: { kind: 'authenticated' },
    stepUp: 'totp',
  },
  deleteTotp: {
    method: 'DELETE',
    path: '/identities/{id}/two_step/totp',
    access: { kind: 'authenticated' },
    stepUp: 'remove_totp',
  },
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/identities/{id}/two_step/passkeys/options',
    access: { kind: 'authenticated' },
    stepUp: 'passkey',
    stepUpUse: 'prepares',
  },
  registerPasskey: {
    method: 'POST',
    path: '/identities/{id}/two_step/passkeys',
    access: { kind: 'authenticated' },
    stepUp: 'passkey',
  },
  deletePasskey: {
    method: 'DELETE',
    path: '/identities/{id}/two_step/passkeys/{passkey_id}',
    access: { kind: 'authenticated' },
    stepUp: 'remove_passkey',
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/identities/{id}/two_step/recovery_codes',
    access: { kind: 'authenticated' },
    stepUp: 'recovery_codes',
  },
  getMerchantTwoStep: {
    method: 'GET',
    path: '/merchants/{id}/two_step',
    access: merchant(OWNER_ONLY),
  },
  putMerchantTwoStep: {
    method: 'PUT',
    path: '/merchants/{id}/two_step',
    access: merchant(OWNER_ONLY),
    stepUp: 'two_step_policy',
  },
  forkSession: {
    method: 'POST',
    path: '/sessions/current/forks',
    access: { kind: 'authenticated' },
  },
  // Issue 48: the caller's own sign-ins (ログイン中の端末) and inactivity.
  listSignIns: {
    method: 'GET',
    path: '/sessions',
    access: { kind: 'authenticated' },
  },
  endSignIn: {
    method: 'DELETE',
    path: '/sessions/{sign_in_id}',
    access: { kind: 'authenticated' },
  },
  endOtherSignIns: {
    method: 'POST',
    path: '/sessions/current/end_others',
    access: { kind: 'authenticated' },
  },
  touchSession: {
    method: 'POST',
    path: '/sessions/current/activity',
    access: { kind: 'authenticated' },
  },
  getIdleTimeout: {
    method: 'GET',
    path: '/merchants/{id}/idle_timeout',
    access: merchant(OWNER_ONLY),
  },
  putIdleTimeout: {
    method: 'PUT',
    path: '/merchants/{id}/idle_timeout',
    access: merchant(OWNER_ONLY),
    stepUp: 'idle_timeout',
  },
  switchMerchantSession: {
    method: 'POST',
    path: '/merchants/{id}/sessions',
    access: merchant(ALL_ROLES),
    issuesAuthorization: true,
  },
  getIdentityEmail: {
    method: 'GET',
    path: '/identities/{id}/email',
    access: { kind: 'authenticated' },
  },
  getMerchant: {
    method: 'GET',
    path: '/merchants/{id}/merchant',
    access: merchant(ALL_ROLES),
  },
  getLatestPayment: {
    method: 'GET',
    path: '/merchants/{id}/latest_payment_history',
    access: merchant(ALL_ROLES),
  },
  getSummarizedTxFees: {
    method: 'GET',
    path: '/merchants/{id}/summarized_tx_fees',
    access: merchant(ALL_ROLES),
  },
  getDailySales: {
    method: 'GET',
    path: '/merchants/{id}/daily_sales',
    access: merchant(ALL_ROLES),
  },
  getSalesSummary: {
    method: 'GET',
    path: '/merchants/{id}/sales_summary',
    access: merchant(ALL_ROLES),
  },
  /**
   * Today's sales of each merchant where the caller holds an ACTIVE role (Top's 「すべての店舗」, issue 48):
   * the handler reads those roles from the database; no merchant is named by the client.
   */
  getMerchantsSalesToday: {
    method: 'GET',
    path: '/sessions/current/merchants/sales_today',
    access: { kind: 'authenticated' },
  },
  getSetupProgress: {
    method: 'GET',
    path: '/merchants/{id}/setup_progress',
    access: merchant(ALL_ROLES),
  },
  listAuditEvents: {
    method: 'GET',
    path: '/merchants/{id}/audit_events',
    access: merchant(OWNER_ONLY),
  },
  listMerchantUsers: {
    method: 'GET',
    path: '/merchants/{id}/users',
    access: merchant(OWNER_ONLY),
  },
  getWallet: {
    method: 'GET',
    path: '/wallets/{wallet_no}',
    access: wallet(ALL_ROLES),
  },
  listWalletHistories: {
    method: 'GET',
    path: '/wallets/{wallet_no}/histories',
    access: wallet(ALL_ROLES),
  },
  getTransactionTotals: {
    method: 'GET',
    path: '/wallets/{wallet_no}/histories/totals',
    access: wallet(ALL_ROLES),
  },
  listRequestedRefunds: {
    method: 'GET',
    path: '/wallets/{wallet_no}/refunds',
    access: wallet(ALL_ROLES),
  },
  listNotices: {
    method: 'GET',
    path: '/notices',
    access: publicAccess,
  },
  // Staff and accounts
  inviteMerchantUser: {
    method: 'POST',
    path: '/merchants/{id}/users',
    access: merchant(OWNER_ONLY),
    stepUp: 'staff',
  },
  updateMerchantUser: {
    method: 'PATCH',
    path: '/merchants/{id}/users/{user_id}',
    access: merchant(OWNER_ONLY),
    stepUp: 'staff',
  },
  resendMerchantUserInvitation: {
    method: 'PUT',
    path: '/merchants/{id}/users/{user_id}/invitation',
    access: merchant(OWNER_ONLY),
    stepUp: 'staff',
  },
  verifyInvitation: {
    method: 'PUT',
    path: '/invitations/merchants/{token}',
    access: publicAccess,
  },
  activateInvitation: {
    method: 'POST',
    path: '/invitations/merchant',
    access: publicAccess,
  },
  verifyEmail: {
    method: 'POST',
    path: '/verifications/email',
    access: publicAccess,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/password_reset',
    access: publicAccess,
  },
  resetPassword: {
    method: 'POST',
    path: '/password_reset/{token}',
    access: publicAccess,
  },
  changePassword: {
    method: 'PUT',
    path: '/identities/{id}/password',
    access: { kind: 'authenticated' },
    stepUp: 'credentials',
    stepUpUse: 'with_factor',
  },
  changeEmail: {
    method: 'PUT',
    path: '/identities/{id}/email',
    access: { kind: 'authenticated' },
    stepUp: 'credentials',
    stepUpUse: 'with_factor',
  },
  // Money: refunds
  listRefundApplications: {
    method: 'GET',
    path: '/merchants/{id}/refund_applications',
    access: merchant(ALL_ROLES),
  },
  cancelRefund: {
    method: 'DELETE',
    path: '/refunds/{refund_application_id}',
    access: { kind: 'refundApplication', roles: OWNER_ONLY },
  },
  confirmRefund: {
    method: 'POST',
    path: '/wallets/{wallet_no}/refunds/confirm',
    access: wallet(OWNER_ONLY),
  },
  createRefund: {
    method: 'POST',
    path: '/wallets/{wallet_no}/refunds',
    access: wallet(OWNER_ONLY),
    idempotent: true,
  },
  getRefunding: {
    method: 'GET',
    path: '/admin/wallets/{wallet_no}/refunding',
    access: wallet(ALL_ROLES),
  },
  listRefundFees: {
    method: 'GET',
    path: '/history/merchants/{id}/refund_fees',
    access: merchant(ALL_ROLES),
  },
  // Money: histories and fees
  getBalanceAt: {
    method: 'GET',
    path: '/wallets/{wallet_no}/balance/{transaction_id}',
    access: wallet(ALL_ROLES),
  },
  listCashCancelHistories: {
    method: 'GET',
    path: '/wallets/{wallet_no}/histories/cashcancel',
    access: wallet(ALL_ROLES),
  },
  listCommentHistories: {
    method: 'GET',
    path: '/wallets/{wallet_no}/histories/comments',
    access: wallet(ALL_ROLES),
  },
  getFeeHistory: {
    method: 'GET',
    path: '/history/merchants/{id}',
    access: merchant(ALL_ROLES),
  },
  getFeeRates: {
    method: 'GET',
    path: '/history/merchants/{id}/fee_rates',
    access: merchant(ALL_ROLES),
  },
  getFeeLimits: {
    method: 'GET',
    path: '/history/fee_limits',
    access: { kind: 'authenticated' },
  },
  listTxFees: {
    method: 'GET',
    path: '/merchants/{id}/tx_fees',
    access: merchant(ALL_ROLES),
  },
  // Money in and out: payment requests, URL payments, invoices, reloads
  /** The rate choices of a payment to another merchant (the same for every merchant). */
  listPaymentRates: {
    method: 'GET',
    path: '/merchant/rate/selects',
    // Only the payment-request page (Owner, Manager) shows the rates.
    access: { kind: 'session', roles: PAYING_ROLES },
  },
  /** The merchants a merchant may pay (every open merchant; paying oneself is refused). */
  listPaymentPayees: {
    method: 'GET',
    path: '/merchants/request_payment',
    access: { kind: 'session', roles: PAYING_ROLES },
  },
  getPaymentFee: {
    method: 'GET',
    path: '/merchants/{id}/fee',
    access: merchant(PAYING_ROLES),
  },
  createMerchantPayment: {
    method: 'POST',
    path: '/merchants/{id}/payments',
    access: merchant(PAYING_ROLES),
    idempotent: true,
    stepUp: 'payment',
    stepUpUse: 'above_limit',
  },
  listMerchantPayments: {
    method: 'GET',
    path: '/merchants/{id}/payments',
    access: merchant(ALL_ROLES),
  },
  listUrlPayments: {
    method: 'GET',
    path: '/merchants/{id}/url_payments',
    access: merchant(ALL_ROLES),
  },
  createUrlPayment: {
    method: 'POST',
    path: '/merchants/{id}/url_payments',
    access: merchant(PAYING_ROLES),
  },
  stopUrlPayment: {
    method: 'PATCH',
    path: '/merchants/{id}/url_payments/{url_payment_id}',
    access: merchant(PAYING_ROLES),
  },
  listInvoices: {
    method: 'GET',
    path: '/merchants/{id}/invoices',
    access: merchant(ALL_ROLES),
  },
  getInvoice: {
    method: 'GET',
    path: '/merchants/{id}/invoices/{invoice_id}',
    access: merchant(ALL_ROLES),
  },
  payInvoice: {
    method: 'POST',
    path: '/merchants/{id}/invoices/{invoice_id}/payments',
    access: merchant(PAYING_ROLES),
    idempotent: true,
  },
  createReload: {
    method: 'POST',
    path: '/merchants/{id}/reloads',
    access: merchant(PAYING_ROLES),
    idempotent: true,
  },
  // Payouts, rebates and utility bills
  listPayouts: {
    method: 'GET',
    path: '/merchants/{id}/payouts',
    access: merchant(ALL_ROLES),
  },
  /** A group parent only: the handler refuses any other merchant (403). */
  listGroupPayouts: {
    method: 'GET',
    path: '/merchants/{id}/group_payouts',
    access: merchant(ALL_ROLES),
  },
  listMerchantRebates: {
    method: 'GET',
    path: '/merchants/{id}/rebates',
    access: merchant(ALL_ROLES),
  },
  listUtilityBills: {
    method: 'GET',
    path: '/merchants/{id}/utility_bills',
    access: merchant(ALL_ROLES),
  },
  // Customer programs: coupons, book tickets, subscriptions, automatic payments
  listCoupons: {
    method: 'GET',
    path: '/merchants/{id}/coupons',
    access: merchant(ALL_ROLES),
  },
  createCoupon: {
    method: 'POST',
    path: '/merchants/{id}/coupons',
    access: merchant(PAYING_ROLES),
  },
  stopCoupon: {
    method: 'PATCH',
    path: '/merchants/{id}/coupons/{coupon_id}',
    access: merchant(PAYING_ROLES),
  },
  listBookTicketUses: {
    method: 'GET',
    path: '/merchants/{id}/book_ticket_uses',
    access: merchant(ALL_ROLES),
  },
  /** Only where the merchant's allow_subscription is on: the handler refuses any other merchant (403). */
  listSubscriptions: {
    method: 'GET',
    path: '/merchants/{id}/subscriptions',
    access: merchant(ALL_ROLES),
  },
  listAutomaticPayments: {
    method: 'GET',
    path: '/merchants/{id}/automatic_payments',
    access: merchant(ALL_ROLES),
  },
  /** Every role that may read a list may download it. */
  downloadCsv: {
    method: 'GET',
    path: '/merchants/{id}/downloads/{report}',
    access: merchant(ALL_ROLES),
    produces: 'text/csv',
  },
  // Merchant settings: profile, status, images, tags, rebate coin, bank account
  getMerchantProfile: {
    method: 'GET',
    path: '/merchants/{id}',
    access: merchant(OWNER_ONLY),
  },
  updateMerchant: {
    method: 'PATCH',
    path: '/merchants/{id}',
    access: merchant(OWNER_ONLY),
  },
  updateMerchantStatus: {
    method: 'PATCH',
    path: '/merchants/{id}/status',
    access: merchant(OWNER_ONLY),
    stepUp: 'merchant_status',
  },
  uploadMerchantThumbnail: {
    method: 'POST',
    path: '/merchants/{id}/thumbnail',
    access: merchant(OWNER_ONLY),
    consumes: 'multipart/form-data',
  },
  uploadMerchantImage: {
    method: 'POST',
    path: '/merchants/{id}/image',
    access: merchant(OWNER_ONLY),
    consumes: 'multipart/form-data',
  },
  /** Public: the app shows merchants' images; the hash of the stored bytes is the name (cached for good). */
  getMerchantImage: {
    method: 'GET',
    path: '/merchant_images/{hash}',
    access: publicAccess,
    produces: 'image/webp',
  },
  listMerchantTags: {
    method: 'GET',
    path: '/merchants/{id}/tags',
    access: merchant(OWNER_ONLY),
  },
  setMerchantTags: {
    method: 'POST',
    path: '/merchants/{id}/tags',
    access: merchant(OWNER_ONLY),
  },
  getRebateCoin: {
    method: 'GET',
    path: '/merchants/{id}/rebatecoins',
    access: merchant(OWNER_ONLY),
  },
  updateRebateCoin: {
    method: 'PATCH',
    path: '/merchants/{id}/rebatecoins',
    access: merchant(OWNER_ONLY),
  },
  getBankAccount: {
    method: 'GET',
    path: '/merchants/{id}/bank_account',
    access: merchant(OWNER_ONLY),
  },
  putBankAccount: {
    method: 'PUT',
    path: '/merchants/{id}/bank_account',
    access: merchant(OWNER_ONLY),
    stepUp: 'bank_account',
  },
  /** The Zengin code list, looked up as the Owner types the codes. */
  lookupBank: {
    method: 'GET',
    path: '/merchants/{id}/banks/{bank_code}',
    access: merchant(OWNER_ONLY),
  },
  lookupBranch: {
    method: 'GET',
    path: '/merchants/{id}/banks/{bank_code}/branches/{branch_code}',
    access: merchant(OWNER_ONLY),
  },
  /** The Zengin code list searched by name or code, as the Owner types in the bank and branch pickers. */
  searchBanks: {
    method: 'GET',
    path: '/merchants/{id}/banks',
    access: merchant(OWNER_ONLY),
  },
  searchBranches: {
    method: 'GET',
    path: '/merchants/{id}/banks/{bank_code}/branches',
    access: merchant(OWNER_ONLY),
  },
  // Payment QR code. The identity of a merchant's QR code is the merchant: `{id}` is the merchant id.
  getMerchantQr: {
    method: 'GET',
    path: '/identities/{id}/qr',
    access: merchant(ALL_ROLES),
  },
  downloadMerchantQr: {
    method: 'GET',
    path: '/identities/{id}/qr/download',
    access: merchant(ALL_ROLES),
    produces: 'image/png',
  },
  downloadMerchantQrPoster: {
    method: 'GET',
    path: '/identities/{id}/qr/poster',
    access: merchant(ALL_ROLES),
    produces: 'application/pdf',
  },
  // Documents (issue 26): the fee invoices, payout statements and receipts as PDF.
  listFeeInvoices: {
    method: 'GET',
    path: '/merchants/{id}/fee_invoices',
    access: merchant(ALL_ROLES),
  },
  /** Issues the month's invoice when none matches its fees yet (a corrected one when they changed), then answers it. */
  downloadFeeInvoice: {
    method: 'GET',
    path: '/merchants/{id}/fee_invoices/{month}',
    access: merchant(ALL_ROLES),
    produces: 'application/pdf',
  },
  downloadDocument: {
    method: 'GET',
    path: '/merchants/{id}/documents/{number}',
    access: merchant(ALL_ROLES),
    produces: 'application/pdf',
  },
  downloadPayoutStatement: {
    method: 'GET',
    path: '/merchants/{id}/payouts/{payout_id}/statement',
    access: merchant(ALL_ROLES),
    produces: 'application/pdf',
  },
  downloadGroupPayoutStatement: {
    method: 'GET',
    path: '/merchants/{id}/group_payouts/statement',
    access: merchant(ALL_ROLES),
    produces: 'application/pdf',
  },
  /** A receipt is numbered and kept when issued: the second and later ones for a payment are marked 再発行. */
  issueReceipt: {
    method: 'POST',
    path: '/merchants/{id}/transactions/{transaction_id}/receipt',
    access: merchant(ALL_ROLES),
    produces: 'application/pdf',
  },
  getJournalAccounts: {
    method: 'GET',
    path: '/merchants/{id}/journal_accounts',
    access: merchant(ALL_ROLES),
  },
  updateJournalAccounts: {
    method: 'PUT',
    path: '/merchants/{id}/journal_accounts',
    access: merchant(OWNER_ONLY),
  },
} as const satisfies Record<string, CallEndpoint>;

export type CallId = keyof typeof CALL_ENDPOINTS;

/** `/merchants/{id}` → `/merchants/1` */
export function callPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
