import type { z } from 'zod';
import * as d from './documents';
import { type CallEndpoint, type CallId, CALL_ENDPOINTS as E } from './endpoints';
import * as ms from './merchantSettings';
import * as m from './moneyOut';
import * as pd from './paymentDetail';
import * as p from './payouts';
import * as g from './programs';
import * as s from './schemas';
import * as tt from './transactionTotals';

export interface CallDef extends CallEndpoint {
  /** One line for the OpenAPI document. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Refusals a public call answers beyond 400, for the OpenAPI document (status → description). */
  publicRefusals?: Readonly<Record<string, string>>;
  /** Refusals of an authorized call beyond 400/401/403/404, for the OpenAPI document (status → description). */
  refusals?: Readonly<Record<string, string>>;
}

/** Every call of the wallet service: its endpoint (endpoints.ts) with its summary and zod schemas. */
export const CALLS = {
  createMerchantSession: {
    ...E.createMerchantSession,
    summary: 'Sign in with email and password',
    body: s.merchantSessionBodySchema,
    response: s.merchantSessionResponseSchema,
    publicRefusals: {
      '401':
        '`invalid_credentials`: unknown email, wrong password, or an account locked after too many wrong passwords (the same answer for all three; the owner of a locked account is mailed)',
      '429': '`rate_limited`: too many requests from this address',
    },
  },
  refreshSession: {
    ...E.refreshSession,
    summary: 'Rotate the reauth token and obtain a fresh authorization',
    body: s.refreshBodySchema,
    response: s.refreshResponseSchema,
  },
  endSession: {
    ...E.endSession,
    summary:
      'Log out: revoke the sign-in of the caller (every reauth token of its families, the tabs forked from it included; the authorization stops working)',
    response: s.okResponseSchema,
  },
  stepUpSession: {
    ...E.stepUpSession,
    summary:
      "Prove the signed-in user again with their password: for STEP_UP_WINDOW_MS the caller's sign-in may change the bank account, staff and the merchant's status (a wrong password is 400 on `password` and counts toward the sign-in lockout)",
    body: s.stepUpBodySchema,
    response: s.stepUpResponseSchema,
  },
  completeSecondStep: {
    ...E.completeSecondStep,
    summary:
      "The second step of a sign-in for an account with a factor: the password step's token and a code from the authenticator app, a recovery code (spent) or a passkey's assertion; answers as a sign-in does (wrong proofs count toward the lockout)",
    body: s.completeSecondStepBodySchema,
    response: s.merchantSessionResponseSchema,
    publicRefusals: {
      '400': '`invalid_request`: a wrong or replayed code (on `totp_code`, `recovery_code` or `passkey`)',
      '401': '`invalid_credentials`: an unknown, used or expired second-step token, or a locked account',
      '429': '`rate_limited`: too many requests from this address',
    },
  },
  secondStepPasskeyOptions: {
    ...E.secondStepPasskeyOptions,
    summary: "WebAuthn request options for the second step (the account's passkeys; the challenge is the token's)",
    body: s.secondStepTokenBodySchema,
    response: s.passkeyOptionsResponseSchema,
    publicRefusals: {
      '401': '`invalid_credentials`: an unknown, used or expired second-step token',
      '429': '`rate_limited`: too many requests from this address',
    },
  },
  stepUpPasskeyOptions: {
    ...E.stepUpPasskeyOptions,
    summary: "WebAuthn request options for a step-up with one of the caller's passkeys",
    response: s.passkeyOptionsResponseSchema,
  },
  getTwoStep: {
    ...E.getTwoStep,
    summary:
      "The caller's second factors: authenticator app, passkeys, recovery codes left, and the merchants that require them",
    params: s.identityParamsSchema,
    response: s.twoStepStatusSchema,
  },
  startTotp: {
    ...E.startTotp,
    summary:
      'Begin enrolling an authenticator app: a new secret and its otpauth URI (not in use until confirmed with a code)',
    params: s.identityParamsSchema,
    response: s.totpEnrolmentSchema,
  },
  confirmTotp: {
    ...E.confirmTotp,
    summary:
      "Confirm the authenticator app with a code it shows; the account's first factor answers its recovery codes (once)",
    params: s.identityParamsSchema,
    body: s.confirmTotpBodySchema,
    response: s.enrolledSchema,
  },
  deleteTotp: {
    ...E.deleteTotp,
    summary: 'Remove the authenticator app (audited; recovery codes go with the last factor)',
    params: s.identityParamsSchema,
    response: s.okResponseSchema,
  },
  passkeyRegistrationOptions: {
    ...E.passkeyRegistrationOptions,
    summary: 'WebAuthn creation options for a new passkey of the caller',
    params: s.identityParamsSchema,
    response: s.passkeyOptionsResponseSchema,
  },
  registerPasskey: {
    ...E.registerPasskey,
    summary:
      "Register a passkey from the browser's answer to the creation options; the account's first factor answers its recovery codes (once)",
    params: s.identityParamsSchema,
    body: s.registerPasskeyBodySchema,
    response: s.enrolledSchema,
  },
  deletePasskey: {
    ...E.deletePasskey,
    summary: 'Remove one of the caller’s passkeys',
    params: s.passkeyParamsSchema,
    response: s.okResponseSchema,
  },
  regenerateRecoveryCodes: {
    ...E.regenerateRecoveryCodes,
    summary: 'Replace the recovery codes with ten new ones (shown once); the old ones stop working',
    params: s.identityParamsSchema,
    response: s.recoveryCodesSchema,
  },
  getMerchantTwoStep: {
    ...E.getMerchantTwoStep,
    summary:
      'Whether the merchant requires two-step sign-in of its staff, and how many active staff have no factor yet',
    params: s.merchantParamsSchema,
    response: s.merchantTwoStepSchema,
  },
  putMerchantTwoStep: {
    ...E.putMerchantTwoStep,
    summary:
      'Require (or stop requiring) two-step sign-in of the staff: staff without a factor enrol before they use the merchant again',
    params: s.merchantParamsSchema,
    body: s.merchantTwoStepBodySchema,
    response: s.merchantTwoStepSchema,
  },
  forkSession: {
    ...E.forkSession,
    summary:
      "Open a session family for a browser tab opened from the caller's tab, in the caller's sign-in and bound to the caller's merchant (a logout or a reused reauth token in any of them ends them all); the opener proves itself with its current reauth token (401 otherwise)",
    body: s.forkSessionBodySchema,
    response: s.forkSessionResponseSchema,
  },
  switchMerchantSession: {
    ...E.switchMerchantSession,
    summary: 'Bind the session to a merchant the caller holds a role in',
    params: s.merchantParamsSchema,
    response: s.merchantSessionSwitchResponseSchema,
  },
  getIdentityEmail: {
    ...E.getIdentityEmail,
    summary: "An identity's email and its status (the caller's own, or a member of a merchant the caller owns)",
    params: s.identityParamsSchema,
    response: s.identityEmailResponseSchema,
  },
  getMerchant: {
    ...E.getMerchant,
    summary: 'The merchant',
    params: s.merchantParamsSchema,
    response: s.merchantResponseSchema,
  },
  getLatestPayment: {
    ...E.getLatestPayment,
    summary: 'The latest payment received by the merchant',
    params: s.merchantParamsSchema,
    response: s.latestPaymentResponseSchema,
  },
  getSummarizedTxFees: {
    ...E.getSummarizedTxFees,
    summary: 'Monthly fee summaries of the twelve months up to the target month, newest first',
    params: s.merchantParamsSchema,
    query: s.summarizedTxFeesQuerySchema,
    response: s.summarizedTxFeesResponseSchema,
  },
  getDailySales: {
    ...E.getDailySales,
    summary: 'Payments received per Asia/Tokyo day in the period',
    params: s.merchantParamsSchema,
    query: s.dailySalesQuerySchema,
    response: s.dailySalesResponseSchema,
  },
  getSalesSummary: {
    ...E.getSalesSummary,
    summary:
      "Today's and this month's sales so far (amount, count, average, per coin), each beside the same stretch a week / a month earlier",
    params: s.merchantParamsSchema,
    response: s.salesSummaryResponseSchema,
  },
  getMerchantsSalesToday: {
    ...E.getMerchantsSalesToday,
    summary:
      "Today's sales so far (amount, count) of each merchant where the caller holds an active role, with its name, the caller's role there and its status",
    response: s.merchantsSalesTodayResponseSchema,
  },
  getSetupProgress: {
    ...E.getSetupProgress,
    summary: "The merchant's setup checklist: profile, images, payout bank account and QR poster, each done or not",
    params: s.merchantParamsSchema,
    response: s.setupProgressResponseSchema,
  },
  listSignIns: {
    ...E.listSignIns,
    summary: "The caller's sign-ins that have not ended (each with its tabs), newest use first",
    response: s.signInsResponseSchema,
  },
  endSignIn: {
    ...E.endSignIn,
    summary: "End one of the caller's sign-ins (every tab of it), on another device or this one",
    params: s.signInParamsSchema,
    response: s.endedSignInsResponseSchema,
  },
  endOtherSignIns: {
    ...E.endOtherSignIns,
    summary: 'End every sign-in of the caller but this one',
    response: s.endedSignInsResponseSchema,
  },
  touchSession: {
    ...E.touchSession,
    summary: "The user is active: the sign-in stays open for its shop's idle minutes from now",
    response: s.sessionActivityResponseSchema,
  },
  getIdleTimeout: {
    ...E.getIdleTimeout,
    summary: 'Minutes a sign-in to the shop may stay unused before it ends',
    params: s.merchantParamsSchema,
    response: s.idleTimeoutSchema,
  },
  putIdleTimeout: {
    ...E.putIdleTimeout,
    summary: 'Set the minutes a sign-in to the shop may stay unused (5–60); sign-ins bound to it take it at once',
    params: s.merchantParamsSchema,
    body: s.idleTimeoutSchema,
    response: s.idleTimeoutSchema,
  },
  listAuditEvents: {
    ...E.listAuditEvents,
    summary: "The shop's 操作履歴: what its staff (and the operator) did in the period, newest first, one page",
    params: s.merchantParamsSchema,
    query: s.auditEventsQuerySchema,
    response: s.auditEventsResponseSchema,
  },
  listMerchantUsers: {
    ...E.listMerchantUsers,
    summary: "The merchant's users, oldest first, one page",
    params: s.merchantParamsSchema,
    query: s.merchantUsersQuerySchema,
    response: s.merchantUsersResponseSchema,
  },
  getWallet: {
    ...E.getWallet,
    summary: 'Balances per coin, sorted by coin id',
    params: s.walletParamsSchema,
    response: s.walletResponseSchema,
  },
  listWalletHistories: {
    ...E.listWalletHistories,
    summary:
      'Ledger entries of the wallet in the period (optionally one type, one transaction id, the absolute amount exactly or in a range, an Asia/Tokyo time of day), newest first',
    params: s.walletParamsSchema,
    query: s.walletHistoriesQuerySchema,
    response: pd.walletHistoriesResponseSchema,
  },
  getTransactionTotals: {
    ...E.getTransactionTotals,
    summary: `Entries of the wallet per type and coin in the period of at most ${tt.TRANSACTION_TOTALS_MAX_DAYS} days (count and signed sum), beside the period of the same length just before it`,
    params: s.walletParamsSchema,
    query: tt.transactionTotalsQuerySchema,
    response: tt.transactionTotalsResponseSchema,
  },
  listRequestedRefunds: {
    ...E.listRequestedRefunds,
    summary: 'Refund amounts still requested, per coin',
    params: s.walletParamsSchema,
    response: s.requestedRefundsResponseSchema,
  },
  listNotices: {
    ...E.listNotices,
    summary: 'Dashboard notices (the default notice address)',
    response: s.noticesResponseSchema,
  },
  // Staff and accounts
  inviteMerchantUser: {
    ...E.inviteMerchantUser,
    summary: 'Invite a user to the merchant (INACTIVE until the mailed invitation is accepted)',
    params: s.merchantParamsSchema,
    body: s.inviteMerchantUserBodySchema,
    response: s.merchantUserSchema,
    refusals: { '409': '`duplicate_email`: the address already belongs to a user of the merchant' },
  },
  updateMerchantUser: {
    ...E.updateMerchantUser,
    summary: 'Edit a user’s name and role (`{name, role}`), or suspend / reactivate them (`{status}`)',
    params: s.merchantUserParamsSchema,
    body: s.updateMerchantUserBodySchema,
    response: s.merchantUserSchema,
    refusals: {
      '409': '`conflict`: the user’s status does not allow the change (invited or canceled)',
      '422': '`last_owner`: the change would leave the merchant without an active Owner',
    },
  },
  resendMerchantUserInvitation: {
    ...E.resendMerchantUserInvitation,
    summary: 'Mail the invitation again with a new token and expiry; earlier links stop working',
    params: s.merchantUserParamsSchema,
    response: s.merchantUserSchema,
    refusals: { '409': '`conflict`: the user is not invited (not INACTIVE)' },
  },
  verifyInvitation: {
    ...E.verifyInvitation,
    summary: 'Read an invitation from its mailed token; issues fresh email and password tokens for activation',
    params: s.tokenParamsSchema,
    response: s.invitationResponseSchema,
    publicRefusals: {
      '404': '`invalid_token`: unknown or replaced token',
      '409': '`token_used`: the invitation was already accepted',
      '410': '`link_expired`: the invitation has expired',
      '429': '`rate_limited`: too many requests from this address',
    },
  },
  activateInvitation: {
    ...E.activateInvitation,
    summary: 'Accept an invitation: the user becomes ACTIVE, the address VERIFIED, the password set',
    body: s.activateInvitationBodySchema,
    response: s.activateInvitationResponseSchema,
    publicRefusals: {
      '404': '`invalid_token`: unknown or replaced token',
      '409': '`token_used`: the invitation was already accepted',
      '410': '`link_expired`: the invitation has expired',
      '429': '`rate_limited`: too many requests from this address',
    },
  },
  verifyEmail: {
    ...E.verifyEmail,
    summary: 'Confirm a new address from the mailed link; the identity’s address changes now',
    body: s.verifyEmailBodySchema,
    response: s.verifyEmailResponseSchema,
    publicRefusals: {
      '404': '`invalid_token`: unknown token',
      '409': '`token_used` (already confirmed) or `duplicate_email` (the address was taken meanwhile)',
      '410': '`link_expired`: the link has expired',
      '429': '`rate_limited`: too many requests from this address',
    },
  },
  requestPasswordReset: {
    ...E.requestPasswordReset,
    summary: 'Mail a password reset link; the same answer whether or not the address is registered',
    body: s.passwordResetRequestBodySchema,
    response: s.okResponseSchema,
    publicRefusals: { '429': '`rate_limited`: too many requests from this address' },
  },
  resetPassword: {
    ...E.resetPassword,
    summary: 'Set a password from a mailed reset (or first-password) link',
    params: s.tokenParamsSchema,
    body: s.resetPasswordBodySchema,
    response: s.resetPasswordResponseSchema,
    publicRefusals: {
      '404': '`invalid_token`: unknown token',
      '409': '`token_used`: the link was already used',
      '410': '`link_expired`: the link has expired',
      '429': '`rate_limited`: too many requests from this address',
    },
  },
  changePassword: {
    ...E.changePassword,
    summary: 'Change the caller’s password; the caller’s other sessions are signed out',
    params: s.identityParamsSchema,
    body: s.changePasswordBodySchema,
    response: s.okResponseSchema,
  },
  changeEmail: {
    ...E.changeEmail,
    summary: 'Ask to change the caller’s address; it changes when the link mailed to the new address is followed',
    params: s.identityParamsSchema,
    body: s.changeEmailBodySchema,
    response: s.changeEmailResponseSchema,
    refusals: {
      '409': '`duplicate_email`: the address belongs to another account',
      '429':
        '`rate_limited`: too many requests from this address, or the new address was sent its links for the hour (ACCOUNT_MAILS_PER_HOUR)',
    },
  },
  // Money: refunds
  listRefundApplications: {
    ...E.listRefundApplications,
    summary: "The merchant's refund applications created in the period (Asia/Tokyo days), newest first",
    params: s.merchantParamsSchema,
    query: s.refundApplicationsQuerySchema,
    response: s.refundApplicationsResponseSchema,
  },
  cancelRefund: {
    ...E.cancelRefund,
    summary: 'Cancel a requested refund application (Owner of its merchant; 409 unless REQUESTED)',
    params: s.refundApplicationParamsSchema,
    response: s.refundApplicationSchema,
  },
  confirmRefund: {
    ...E.confirmRefund,
    summary: 'The fee and what is left to refund of a payment into the wallet, before requesting a refund',
    params: s.walletParamsSchema,
    body: s.refundBodySchema,
    response: s.refundConfirmationSchema,
  },
  createRefund: {
    ...E.createRefund,
    summary: 'Request a refund of a payment into the wallet (Idempotency-Key header required)',
    params: s.walletParamsSchema,
    body: s.refundBodySchema,
    response: s.refundApplicationSchema,
  },
  getRefunding: {
    ...E.getRefunding,
    summary: 'Amounts being refunded (requested, not yet approved) from the wallet, per coin',
    params: s.walletParamsSchema,
    response: s.refundingResponseSchema,
  },
  listRefundFees: {
    ...E.listRefundFees,
    summary: 'Fees of the refunds approved in the period (Asia/Tokyo days), newest first',
    params: s.merchantParamsSchema,
    query: s.refundFeesQuerySchema,
    response: s.refundFeesResponseSchema,
  },
  // Money: histories and fees
  getBalanceAt: {
    ...E.getBalanceAt,
    summary:
      "One of the wallet's transactions: its entries and fee, every coin's balance right after it, what is left to refund",
    params: s.balanceAtParamsSchema,
    response: pd.transactionDetailSchema,
  },
  listCashCancelHistories: {
    ...E.listCashCancelHistories,
    summary: 'Cash cancels of the wallet in the period (Asia/Tokyo days), newest first',
    params: s.walletParamsSchema,
    query: s.pagedPeriodQuerySchema,
    response: s.cashCancelHistoriesResponseSchema,
  },
  listCommentHistories: {
    ...E.listCommentHistories,
    summary: 'Ledger entries of the wallet whose transaction carries a comment, newest first',
    params: s.walletParamsSchema,
    query: s.pagedPeriodQuerySchema,
    response: s.commentHistoriesResponseSchema,
  },
  getFeeHistory: {
    ...E.getFeeHistory,
    summary: "The merchant's fee rate history, marking the rates in effect on target_date",
    params: s.merchantParamsSchema,
    query: s.targetDateQuerySchema,
    response: s.feeHistoryResponseSchema,
  },
  getFeeRates: {
    ...E.getFeeRates,
    summary: "The merchant's fee rate per transaction type in effect on target_date",
    params: s.merchantParamsSchema,
    query: s.targetDateQuerySchema,
    response: s.feeRatesResponseSchema,
  },
  getFeeLimits: {
    ...E.getFeeLimits,
    summary: 'The fee limit of a user type in effect on target_date',
    query: s.feeLimitsQuerySchema,
    response: s.feeLimitsResponseSchema,
  },
  listTxFees: {
    ...E.listTxFees,
    summary: "Fees of the merchant's transactions in the period (Asia/Tokyo days), newest first",
    params: s.merchantParamsSchema,
    query: s.txFeesQuerySchema,
    response: s.txFeesResponseSchema,
  },
  // Money in and out: payment requests, URL payments, invoices, reloads
  listPaymentRates: {
    ...E.listPaymentRates,
    summary: 'The rate choices of a payment to another merchant, with their fee rates',
    response: m.paymentRatesResponseSchema,
  },
  listPaymentPayees: {
    ...E.listPaymentPayees,
    summary: 'The merchants a merchant may pay (every open merchant)',
    response: m.paymentPayeesResponseSchema,
  },
  getPaymentFee: {
    ...E.getPaymentFee,
    summary: 'The fee of a payment to another merchant at a rate choice, before anything moves',
    params: s.merchantParamsSchema,
    query: m.paymentFeeQuerySchema,
    response: m.paymentFeeResponseSchema,
    refusals: { '422': '`unprocessable`: the payee is the merchant itself, or the rate is for its own group only' },
  },
  createMerchantPayment: {
    ...E.createMerchantPayment,
    summary:
      'Pay another merchant from the wallet: one ledger transaction of the amount and its fee (Idempotency-Key header required)',
    params: s.merchantParamsSchema,
    body: m.merchantPaymentBodySchema,
    response: m.merchantPaymentSchema,
    refusals: {
      '409': '`conflict`: the Idempotency-Key was used with another request',
      '422':
        '`unprocessable`: the coin is not transferable, the balance cannot pay amount and fee, or the payee is not allowed',
    },
  },
  listMerchantPayments: {
    ...E.listMerchantPayments,
    summary: 'Payments the merchant sent to other merchants in the period (Asia/Tokyo days), newest first',
    params: s.merchantParamsSchema,
    query: m.merchantPaymentsQuerySchema,
    response: m.merchantPaymentsResponseSchema,
  },
  listUrlPayments: {
    ...E.listUrlPayments,
    summary: "The merchant's payment links, newest first",
    params: s.merchantParamsSchema,
    query: m.urlPaymentsQuerySchema,
    response: m.urlPaymentsResponseSchema,
  },
  createUrlPayment: {
    ...E.createUrlPayment,
    summary: 'Create a payment link (coin, amount, description, last day)',
    params: s.merchantParamsSchema,
    body: m.createUrlPaymentBodySchema,
    response: m.urlPaymentSchema,
    refusals: { '422': '`unprocessable`: the coin is unknown, or the last day is past or too far ahead' },
  },
  stopUrlPayment: {
    ...E.stopUrlPayment,
    summary: 'Stop a payment link (`{status: "STOPPED"}`); a stopped link is refused to customers',
    params: m.urlPaymentParamsSchema,
    body: m.stopUrlPaymentBodySchema,
    response: m.urlPaymentSchema,
    refusals: { '409': '`conflict`: the link is already stopped' },
  },
  listInvoices: {
    ...E.listInvoices,
    summary: 'Invoices addressed to the merchant: unpaid first (by due date), then paid (newest first)',
    params: s.merchantParamsSchema,
    query: m.invoicesQuerySchema,
    response: m.invoicesResponseSchema,
  },
  getInvoice: {
    ...E.getInvoice,
    summary: 'One invoice addressed to the merchant (another merchant’s is 404)',
    params: m.invoiceParamsSchema,
    response: m.invoiceSchema,
  },
  payInvoice: {
    ...E.payInvoice,
    summary: 'Pay an invoice from the wallet in one ledger transaction (Idempotency-Key header required)',
    params: m.invoiceParamsSchema,
    body: m.payInvoiceBodySchema,
    response: m.invoiceSchema,
    refusals: {
      '409': '`conflict`: the invoice is already paid, or the Idempotency-Key was used with another request',
      '422': '`unprocessable`: the balance cannot pay the invoice',
    },
  },
  createReload: {
    ...E.createReload,
    summary: "Reload a customer's wallet with one of the merchant's reloadable coins (Idempotency-Key header required)",
    params: s.merchantParamsSchema,
    body: m.reloadBodySchema,
    response: m.reloadResponseSchema,
    refusals: {
      '409': '`conflict`: the Idempotency-Key was used with another request',
      '422': '`unprocessable`: the coin is not one of the merchant’s reloadable coins, or its balance is too low',
    },
  },
  // Payouts, rebates and utility bills
  listPayouts: {
    ...E.listPayouts,
    summary:
      "The merchant's payouts to its bank account whose period ended in the period (Asia/Tokyo days), newest first, with the next closing and the closings passed over",
    params: s.merchantParamsSchema,
    query: p.payoutsQuerySchema,
    response: p.payoutsResponseSchema,
  },
  listGroupPayouts: {
    ...E.listGroupPayouts,
    summary:
      "The payouts of every merchant of the group the merchant is the parent of, with each merchant's totals for the period",
    params: s.merchantParamsSchema,
    query: p.groupPayoutsQuerySchema,
    response: p.groupPayoutsResponseSchema,
  },
  listMerchantRebates: {
    ...E.listMerchantRebates,
    summary: 'Rebates paid to the merchant in the period (Asia/Tokyo days), by month and campaign, newest first',
    params: s.merchantParamsSchema,
    query: p.merchantRebatesQuerySchema,
    response: p.merchantRebatesResponseSchema,
  },
  listUtilityBills: {
    ...E.listUtilityBills,
    summary: 'Utility bills customers paid by QR at the merchant in the period (Asia/Tokyo days), newest first',
    params: s.merchantParamsSchema,
    query: p.utilityBillsQuerySchema,
    response: p.utilityBillsResponseSchema,
  },
  // Customer programs: coupons, book tickets, subscriptions, automatic payments
  listCoupons: {
    ...E.listCoupons,
    summary: "The merchant's coupons valid on some day of the period (Asia/Tokyo days), newest first, with their uses",
    params: s.merchantParamsSchema,
    query: g.couponsQuerySchema,
    response: g.couponsResponseSchema,
  },
  createCoupon: {
    ...E.createCoupon,
    summary: 'Create a coupon (amount or rate off, minimum purchase, stock, first and last day)',
    params: s.merchantParamsSchema,
    body: g.createCouponBodySchema,
    response: g.couponSchema,
  },
  stopCoupon: {
    ...E.stopCoupon,
    summary: 'Stop a coupon (`{status: "STOPPED"}`); a stopped coupon is refused at payment',
    params: g.couponParamsSchema,
    body: g.stopCouponBodySchema,
    response: g.couponSchema,
    refusals: { '409': '`conflict`: the coupon is already stopped' },
  },
  listBookTicketUses: {
    ...E.listBookTicketUses,
    summary: 'Uses of book tickets (回数券) at the merchant in the period, newest first, with a summary by ticket',
    params: s.merchantParamsSchema,
    query: g.bookTicketUsesQuerySchema,
    response: g.bookTicketUsesResponseSchema,
  },
  listSubscriptions: {
    ...E.listSubscriptions,
    summary:
      "The merchant's subscription plans with their monthly revenue in the period, and the subscribers (403 where allow_subscription is off)",
    params: s.merchantParamsSchema,
    query: g.subscriptionsQuerySchema,
    response: g.subscriptionsResponseSchema,
  },
  listAutomaticPayments: {
    ...E.listAutomaticPayments,
    summary: 'Automatic payments (subscription renewals, other recurring charges) due in the period, newest first',
    params: s.merchantParamsSchema,
    query: g.automaticPaymentsQuerySchema,
    response: g.automaticPaymentsResponseSchema,
  },
  downloadCsv: {
    ...E.downloadCsv,
    summary: 'A report as CSV (all rows of the filtered list; CP932 by default, UTF-8 with BOM on request)',
    params: s.downloadParamsSchema,
    query: s.downloadQuerySchema,
    response: s.csvResponseSchema,
  },
  // Merchant settings: profile, status, images, tags, rebate coin, bank account
  getMerchantProfile: {
    ...E.getMerchantProfile,
    summary: "The merchant's profile: name, description, address, phone, business hours, status, images and tags",
    params: s.merchantParamsSchema,
    response: ms.merchantProfileSchema,
  },
  updateMerchant: {
    ...E.updateMerchant,
    summary: "Change the merchant's profile (every field at once; empty strings clear the optional ones)",
    params: s.merchantParamsSchema,
    body: ms.updateMerchantBodySchema,
    response: ms.merchantProfileSchema,
  },
  updateMerchantStatus: {
    ...E.updateMerchantStatus,
    summary: 'Open or close the merchant for payments',
    params: s.merchantParamsSchema,
    body: ms.updateMerchantStatusBodySchema,
    response: ms.merchantProfileSchema,
  },
  uploadMerchantThumbnail: {
    ...E.uploadMerchantThumbnail,
    summary:
      'Upload the square thumbnail (PNG, JPEG or WebP by its bytes, ≤ 5 MB, ≥ 200×200): re-encoded to 400×400 WebP without metadata',
    params: s.merchantParamsSchema,
    response: ms.merchantProfileSchema,
    refusals: { '413': '`too_large`: the file is larger than 5 MB' },
  },
  uploadMerchantImage: {
    ...E.uploadMerchantImage,
    summary:
      'Upload the main image (PNG, JPEG or WebP by its bytes, ≤ 5 MB, ≥ 640×360): re-encoded to WebP within 1600×1600 without metadata',
    params: s.merchantParamsSchema,
    response: ms.merchantProfileSchema,
    refusals: { '413': '`too_large`: the file is larger than 5 MB' },
  },
  getMerchantImage: {
    ...E.getMerchantImage,
    summary: "A merchant's image by the SHA-256 of its bytes (ETag; immutable caching)",
    params: ms.merchantImageParamsSchema,
    response: s.fileResponseSchema,
    publicRefusals: { '404': '`not_found`: no such image' },
  },
  listMerchantTags: {
    ...E.listMerchantTags,
    summary: 'The tags a merchant may choose from, and the ones it carries',
    params: s.merchantParamsSchema,
    response: ms.merchantTagsResponseSchema,
  },
  setMerchantTags: {
    ...E.setMerchantTags,
    summary: "Set the merchant's tags (chosen from the list; at most 10)",
    params: s.merchantParamsSchema,
    body: ms.setMerchantTagsBodySchema,
    response: ms.merchantTagsResponseSchema,
  },
  getRebateCoin: {
    ...E.getRebateCoin,
    summary: 'Which coin customers get back from their payments, at what rate, and the limits',
    params: s.merchantParamsSchema,
    response: ms.rebateCoinResponseSchema,
  },
  updateRebateCoin: {
    ...E.updateRebateCoin,
    summary: 'Set the rebate coin and rate (0.1 % steps up to 10 %), or no rebate (`coin_id: null`, rate 0)',
    params: s.merchantParamsSchema,
    body: ms.updateRebateCoinBodySchema,
    response: ms.rebateCoinResponseSchema,
  },
  getBankAccount: {
    ...E.getBankAccount,
    summary: "The merchant's payout bank account, its number masked; null when none is registered",
    params: s.merchantParamsSchema,
    response: ms.bankAccountResponseSchema,
  },
  putBankAccount: {
    ...E.putBankAccount,
    summary:
      'Register or replace the payout bank account (codes checked against the Zengin code list; holder name converted to half-width katakana)',
    params: s.merchantParamsSchema,
    body: ms.bankAccountBodySchema,
    response: ms.bankAccountResponseSchema,
  },
  lookupBank: {
    ...E.lookupBank,
    summary: 'A bank of the Zengin code list by its 4-digit code (404 when there is none)',
    params: ms.bankParamsSchema,
    response: ms.zenginEntrySchema,
  },
  lookupBranch: {
    ...E.lookupBranch,
    summary: 'A branch of the bank by its 3-digit code (404 when there is none)',
    params: ms.branchParamsSchema,
    response: ms.zenginEntrySchema,
  },
  searchBanks: {
    ...E.searchBanks,
    summary:
      'Banks of the Zengin code list matching `q` (kanji, hiragana, katakana of either width, romaji, or the first digits of the code), at most ZENGIN_SEARCH_LIMIT: the code itself first, then names that are, begin with or contain it',
    params: s.merchantParamsSchema,
    query: ms.zenginSearchQuerySchema,
    response: ms.zenginSearchResponseSchema,
  },
  searchBranches: {
    ...E.searchBranches,
    summary: "The bank's branches matching `q`, ranked like the bank search (404 when the list has no such bank)",
    params: ms.bankParamsSchema,
    query: ms.zenginSearchQuerySchema,
    response: ms.zenginSearchResponseSchema,
  },
  getMerchantQr: {
    ...E.getMerchantQr,
    summary: "The merchant's payment QR code: the URL it encodes (the QR host's merchant intermediary)",
    params: s.identityParamsSchema,
    response: ms.merchantQrResponseSchema,
  },
  downloadMerchantQr: {
    ...E.downloadMerchantQr,
    summary: "The merchant's payment QR code as a PNG",
    params: s.identityParamsSchema,
    response: s.fileResponseSchema,
  },
  downloadMerchantQrPoster: {
    ...E.downloadMerchantQrPoster,
    summary: 'An A4 poster of the payment QR code as a PDF (merchant name, code, instructions in Japanese)',
    params: s.identityParamsSchema,
    response: s.fileResponseSchema,
  },
  listFeeInvoices: {
    ...E.listFeeInvoices,
    summary:
      'The fee invoices issued for the twelve months up to `target`, corrected ones with the number they correct',
    params: s.merchantParamsSchema,
    query: d.feeInvoicesQuerySchema,
    response: d.feeInvoicesResponseSchema,
  },
  downloadFeeInvoice: {
    ...E.downloadFeeInvoice,
    summary:
      "A month's fees as a qualified invoice (適格請求書, PDF): issued on first request, the same document after; fees corrected since give a corrected invoice that names the original",
    params: d.feeInvoiceParamsSchema,
    response: s.fileResponseSchema,
  },
  downloadDocument: {
    ...E.downloadDocument,
    summary: 'An issued document by its number, as issued (PDF): a fee invoice a later one corrects, or a receipt',
    params: d.documentParamsSchema,
    response: s.fileResponseSchema,
  },
  downloadPayoutStatement: {
    ...E.downloadPayoutStatement,
    summary:
      'A payout statement (支払明細書, PDF): period, gross, fees, transfer fee, net, masked account, transfer date',
    params: d.payoutStatementParamsSchema,
    response: s.fileResponseSchema,
  },
  downloadGroupPayoutStatement: {
    ...E.downloadGroupPayoutStatement,
    summary: "For a group parent: the period's payouts of every merchant of its group as one statement (PDF)",
    params: s.merchantParamsSchema,
    query: d.groupPayoutStatementQuerySchema,
    response: s.fileResponseSchema,
  },
  issueReceipt: {
    ...E.issueReceipt,
    summary:
      "A receipt (領収書, PDF) for a payment into the merchant's wallet, with the staff's 但し書き and tax rate; a simplified qualified invoice where the merchant has a registration number; reissues marked 再発行",
    params: d.receiptParamsSchema,
    body: d.receiptBodySchema,
    response: s.fileResponseSchema,
  },
  getJournalAccounts: {
    ...E.getJournalAccounts,
    summary:
      "The account names the journal export (仕訳データ, 弥生会計's import layout) books under: the merchant's, or the defaults",
    params: s.merchantParamsSchema,
    response: s.journalAccountsResponseSchema,
  },
  updateJournalAccounts: {
    ...E.updateJournalAccounts,
    summary: 'Set the account names of the journal export (each 1–24 characters, no control characters)',
    params: s.merchantParamsSchema,
    body: s.updateJournalAccountsBodySchema,
    response: s.journalAccountsResponseSchema,
  },
} as const satisfies Record<CallId, CallDef>;

export type CallResponse<K extends CallId> = z.infer<(typeof CALLS)[K]['response']>;

/** A call's body after its schema has parsed it (what the server's handler receives). */
export type CallBody<K extends CallId> = (typeof CALLS)[K] extends { body: infer S extends z.ZodType }
  ? z.output<S>
  : never;

/**
 * What a client sends for a schema: its input (a field with a default may be left out), except that a
 * coerced field (an id or amount arriving as text in the path or query), whose input is `unknown`, is
 * typed as what it parses into.
 */
type Sent<S extends z.ZodType> = SentFields<z.input<S>, z.output<S>>;
type SentFields<I, O> = { [P in keyof I]: unknown extends I[P] ? (P extends keyof O ? O[P] : never) : I[P] };

/* A call's parts as the client sends them (the console's API client takes them); `never` where the call has none. */
export type CallParams<K extends CallId> = (typeof CALLS)[K] extends { params: infer S extends z.ZodType }
  ? Sent<S>
  : never;
export type CallQuery<K extends CallId> = (typeof CALLS)[K] extends { query: infer S extends z.ZodType }
  ? Sent<S>
  : never;
/** A call's JSON body before the server's schema parses it (compare `CallBody`). */
export type CallRequestBody<K extends CallId> = (typeof CALLS)[K] extends { body: infer S extends z.ZodType }
  ? Sent<S>
  : never;
