import { CALLS, type CallDef, type CallId, CSV_REPORT_ROLES, CSV_REPORTS, callPath } from '@coin/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_SETTINGS } from '../config';
import { issueFeeInvoice } from '../documents/feeInvoice';
import { createCoupon } from '../domain/coupons';
import { issueInvoice } from '../domain/invoices';
import { addMonths } from '../domain/time';
import { createUrlPayment } from '../domain/urlPayments';
import { DEMO_MERCHANTS, DEMO_PASSWORD } from '../seed/accounts';
import { DEMO, describeWithDatabase, type SignedIn, signIn, signInAt, stepUp, tokyoDay } from '../testing/harness';
import { multipartFile } from '../testing/multipart';

type ProtectedCallId = {
  [K in CallId]: (typeof CALLS)[K]['access']['kind'] extends 'public' ? never : K;
}[CallId];

interface SampleRequest {
  params: Record<string, string | number>;
  query?: Record<string, string>;
  /** A valid body (bodies are validated before the role check); a multipart upload as its bytes. */
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

/** Money: refunds — ids read from the seeded database in beforeAll (a payment into 本店, a requested refund). */
const refundSample = { paymentId: 0, requestedId: 0 };

/** Money: histories and fees — a transaction of 本店's wallet, read in beforeAll. */
const historySample = { transactionId: 0 };
/** The history list's amount and time-of-day filters (issue 25), set to keep most rows. */
const historySearchSample = { amount_min: '1', amount_max: '100000000', time_from: '00:00', time_to: '23:59' };

/**
 * Money in and out — per allowed caller (by user id), a link to stop and an invoice to pay, made in
 * beforeAll: each may be stopped or paid once, and every allowed role must find its own.
 */
const moneyOutSample = { linkOf: new Map<number, number>(), invoiceOf: new Map<number, number>(), unpaidId: 0 };
/** Customer programs — per allowed caller (by user id), a coupon to stop, made in beforeAll. */
const couponOf = new Map<number, number>();

/** Documents (issue 26) — a closed month of 本店, an issued invoice's number and a payout, read or made in beforeAll. */
const documentSample = { month: '', number: '', payoutId: 0 };

/** Merchant settings — a picture big enough for both kinds of upload, made in beforeAll. */
const upload = { png: Buffer.alloc(0) };
const uploadSample = () => {
  const { payload, headers } = multipartFile(upload.png);
  return { params: { id: DEMO.mainMerchantId }, payload, headers };
};

/**
 * Two-step sign-in (issue 24): the caller's own factors depend on what the caller did before, and the
 * matrix runs in any order; these calls pass their access rule for every signed-in caller and then answer
 * from that state (no pending app to confirm, nothing to remove, no factor for recovery codes…). The
 * matrix enrols nothing: a second factor would make the callers' next sign-ins take two steps.
 */
const STATEFUL_OUTCOMES: Partial<Record<ProtectedCallId, number[]>> = {
  confirmTotp: [400, 409],
  deleteTotp: [200, 404],
  registerPasskey: [400],
  deletePasskey: [404],
  regenerateRecoveryCodes: [409],
  // The sample names a sign-in of no one: past the access rule, not found.
  endSignIn: [404],
};

/** A valid request of every protected call against 本店; a new call in CALLS fails the type check here. */
const SAMPLES: Record<ProtectedCallId, (caller: SignedIn) => SampleRequest> = {
  switchMerchantSession: () => ({ params: { id: DEMO.mainMerchantId } }),
  endSession: () => ({ params: {} }),
  stepUpSession: () => ({ params: {}, payload: { purpose: 'totp', password: DEMO_PASSWORD } }),
  stepUpPasskeyOptions: () => ({ params: {} }),
  getTwoStep: (caller) => ({ params: { id: caller.userId } }),
  startTotp: (caller) => ({ params: { id: caller.userId } }),
  confirmTotp: (caller) => ({ params: { id: caller.userId }, payload: { code: '000000' } }),
  deleteTotp: (caller) => ({ params: { id: caller.userId } }),
  passkeyRegistrationOptions: (caller) => ({ params: { id: caller.userId } }),
  registerPasskey: (caller) => ({
    params: { id: caller.userId },
    payload: { name: '権限テスト', response: { id: 'x' } },
  }),
  deletePasskey: (caller) => ({ params: { id: caller.userId, passkey_id: 999_999 } }),
  regenerateRecoveryCodes: (caller) => ({ params: { id: caller.userId } }),
  getMerchantTwoStep: () => ({ params: { id: DEMO.mainMerchantId } }),
  // Not required: requiring it would send every caller without a factor to enrol.
  putMerchantTwoStep: () => ({ params: { id: DEMO.mainMerchantId }, payload: { required: false } }),
  forkSession: (caller) => ({ params: {}, payload: { reauth_token: caller.reauthToken } }),
  getIdentityEmail: (caller) => ({ params: { id: caller.userId } }),
  getMerchant: () => ({ params: { id: DEMO.mainMerchantId } }),
  getLatestPayment: () => ({ params: { id: DEMO.mainMerchantId } }),
  getSummarizedTxFees: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { target: tokyoDay().slice(0, 7).replace('-', '') },
  }),
  getDailySales: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-29), end_date: tokyoDay() },
  }),
  getSalesSummary: () => ({ params: { id: DEMO.mainMerchantId } }),
  // The caller's own merchants: no merchant in the path, every signed-in caller is answered.
  getMerchantsSalesToday: () => ({ params: {} }),
  getSetupProgress: () => ({ params: { id: DEMO.mainMerchantId } }),
  listMerchantUsers: () => ({ params: { id: DEMO.mainMerchantId } }),
  listSignIns: () => ({ params: {} }),
  // Another sign-in of no one: the call's rule passes, the sign-in is not found (404) for every caller.
  endSignIn: () => ({ params: { sign_in_id: '00000000-0000-4000-8000-000000000000' } }),
  endOtherSignIns: () => ({ params: {} }),
  touchSession: () => ({ params: {} }),
  getIdleTimeout: () => ({ params: { id: DEMO.mainMerchantId } }),
  putIdleTimeout: () => ({ params: { id: DEMO.mainMerchantId }, payload: { minutes: 15 } }),
  listAuditEvents: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay(0), kind: 'staff' },
  }),
  getWallet: () => ({ params: { wallet_no: DEMO.mainWalletNo } }),
  // With the amount and time-of-day filters (issue 25), wide enough to keep rows.
  listWalletHistories: () => ({
    params: { wallet_no: DEMO.mainWalletNo },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay(), ...historySearchSample },
  }),
  getTransactionTotals: () => ({
    params: { wallet_no: DEMO.mainWalletNo },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
  }),
  listRequestedRefunds: () => ({ params: { wallet_no: DEMO.mainWalletNo } }),
  // Staff and accounts
  inviteMerchantUser: () => ({
    params: { id: DEMO.mainMerchantId },
    payload: { name: '招待 太郎', role: 'Member', email: 'access-matrix-invite@example.com' },
  }),
  // Sets what the user already has: allowed, and nothing changes.
  updateMerchantUser: () => ({
    params: { id: DEMO.mainMerchantId, user_id: 4 },
    payload: { name: '田中 美咲', role: 'Member' },
  }),
  resendMerchantUserInvitation: () => ({ params: { id: DEMO.mainMerchantId, user_id: 8 } }),
  // The same password again: allowed; the caller's own session survives.
  changePassword: (caller) => ({
    params: { id: caller.userId },
    payload: { current_password: DEMO_PASSWORD, password: DEMO_PASSWORD },
  }),
  changeEmail: (caller) => ({
    params: { id: caller.userId },
    payload: {
      email: `access-matrix-${caller.userId}@example.com`,
      requester: 'MerchantWeb',
      current_password: DEMO_PASSWORD,
    },
  }),
  // Money: refunds
  listRefundApplications: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_at: tokyoDay(-30), end_at: tokyoDay() },
  }),
  cancelRefund: () => ({ params: { refund_application_id: refundSample.requestedId } }),
  confirmRefund: () => ({
    params: { wallet_no: DEMO.mainWalletNo },
    payload: { transaction_id: refundSample.paymentId, amount: 1 },
  }),
  createRefund: () => ({
    params: { wallet_no: DEMO.mainWalletNo },
    payload: { transaction_id: refundSample.paymentId, amount: 1 },
    headers: { 'idempotency-key': 'access-rules-create-refund' },
  }),
  getRefunding: () => ({ params: { wallet_no: DEMO.mainWalletNo } }),
  listRefundFees: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
  }),
  // Money: histories and fees
  getBalanceAt: () => ({ params: { wallet_no: DEMO.mainWalletNo, transaction_id: historySample.transactionId } }),
  listCashCancelHistories: () => ({
    params: { wallet_no: DEMO.mainWalletNo },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
  }),
  listCommentHistories: () => ({
    params: { wallet_no: DEMO.mainWalletNo },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
  }),
  getFeeHistory: () => ({ params: { id: DEMO.mainMerchantId }, query: { target_date: tokyoDay() } }),
  getFeeRates: () => ({ params: { id: DEMO.mainMerchantId }, query: { target_date: tokyoDay() } }),
  getFeeLimits: () => ({ params: {}, query: { user_type: 'MERCHANT', target_date: tokyoDay() } }),
  listTxFees: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_at: tokyoDay(-30), end_at: tokyoDay() },
  }),
  // Money in and out
  listPaymentRates: () => ({ params: {} }),
  listPaymentPayees: () => ({ params: {} }),
  getPaymentFee: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { to_merchant_id: '2', amount: '1000', type: 'STANDARD' },
  }),
  createMerchantPayment: () => ({
    params: { id: DEMO.mainMerchantId },
    payload: { to_merchant_id: 2, coin_id: 1, amount: 1, type: 'STANDARD' },
    headers: { 'idempotency-key': 'access-rules-merchant-payment' },
  }),
  listMerchantPayments: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
  }),
  listUrlPayments: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
  }),
  createUrlPayment: () => ({
    params: { id: DEMO.mainMerchantId },
    payload: { coin_id: 1, amount: 500, description: '権限テスト', expires_on: tokyoDay(7) },
  }),
  stopUrlPayment: (caller) => ({
    params: { id: DEMO.mainMerchantId, url_payment_id: moneyOutSample.linkOf.get(caller.userId) ?? 1 },
    payload: { status: 'STOPPED' },
  }),
  listInvoices: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
  }),
  getInvoice: () => ({ params: { id: DEMO.mainMerchantId, invoice_id: moneyOutSample.unpaidId } }),
  payInvoice: (caller) => ({
    params: { id: DEMO.mainMerchantId, invoice_id: moneyOutSample.invoiceOf.get(caller.userId) ?? 1 },
    payload: {},
    headers: { 'idempotency-key': 'access-rules-pay-invoice' },
  }),
  createReload: () => ({
    params: { id: DEMO.mainMerchantId },
    payload: { wallet_no: '2000000001', coin_id: 1, amount: 1 },
    headers: { 'idempotency-key': 'access-rules-reload' },
  }),
  // Payouts, rebates and utility bills (本店 is its group's parent)
  listPayouts: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  listGroupPayouts: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  listMerchantRebates: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  listUtilityBills: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  // Customer programs (本店 has subscriptions)
  listCoupons: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  createCoupon: () => ({
    params: { id: DEMO.mainMerchantId },
    payload: {
      name: '権限テスト',
      discount_type: 'AMOUNT',
      discount_value: 100,
      min_purchase: 0,
      stock: null,
      starts_on: tokyoDay(),
      ends_on: tokyoDay(7),
    },
  }),
  stopCoupon: (caller) => ({
    params: { id: DEMO.mainMerchantId, coupon_id: couponOf.get(caller.userId) ?? 1 },
    payload: { status: 'STOPPED' },
  }),
  listBookTicketUses: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  listSubscriptions: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  listAutomaticPayments: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  downloadCsv: () => ({
    params: { id: DEMO.mainMerchantId, report: 'histories' },
    query: { start_date: tokyoDay(-30), end_date: tokyoDay(), ...historySearchSample },
  }),
  // Merchant settings (the payloads keep 本店's demo values)
  getMerchantProfile: () => ({ params: { id: DEMO.mainMerchantId } }),
  updateMerchant: () => ({
    params: { id: DEMO.mainMerchantId },
    payload: {
      name: DEMO_MERCHANTS.main.name,
      description: '',
      postal_code: '3710023',
      prefecture: '群馬県',
      city: '前橋市',
      street: '',
      phone: '027-210-0001',
      business_hours: '',
    },
  }),
  updateMerchantStatus: () => ({ params: { id: DEMO.mainMerchantId }, payload: { status: 'OPEN' } }),
  uploadMerchantThumbnail: uploadSample,
  uploadMerchantImage: uploadSample,
  listMerchantTags: () => ({ params: { id: DEMO.mainMerchantId } }),
  setMerchantTags: () => ({ params: { id: DEMO.mainMerchantId }, payload: { tag_ids: [1] } }),
  getRebateCoin: () => ({ params: { id: DEMO.mainMerchantId } }),
  updateRebateCoin: () => ({ params: { id: DEMO.mainMerchantId }, payload: { coin_id: 2, rate_bp: 100 } }),
  getBankAccount: () => ({ params: { id: DEMO.mainMerchantId } }),
  putBankAccount: () => ({
    params: { id: DEMO.mainMerchantId },
    payload: {
      bank_code: '0128',
      branch_code: '100',
      account_type: 'ORDINARY',
      account_number: '0012345',
      holder_name: 'ｶ)ﾒﾌﾞｸｶﾌｴ',
    },
  }),
  lookupBank: () => ({ params: { id: DEMO.mainMerchantId, bank_code: '0128' } }),
  lookupBranch: () => ({ params: { id: DEMO.mainMerchantId, bank_code: '0128', branch_code: '112' } }),
  searchBanks: () => ({ params: { id: DEMO.mainMerchantId }, query: { q: 'ぐんま' } }),
  searchBranches: () => ({ params: { id: DEMO.mainMerchantId, bank_code: '0128' }, query: { q: 'まえばし' } }),
  getMerchantQr: () => ({ params: { id: DEMO.mainMerchantId } }),
  downloadMerchantQr: () => ({ params: { id: DEMO.mainMerchantId } }),
  downloadMerchantQrPoster: () => ({ params: { id: DEMO.mainMerchantId } }),
  // Documents (issue 26)
  listFeeInvoices: () => ({ params: { id: DEMO.mainMerchantId }, query: { target: documentSample.month } }),
  downloadFeeInvoice: () => ({ params: { id: DEMO.mainMerchantId, month: documentSample.month } }),
  downloadDocument: () => ({ params: { id: DEMO.mainMerchantId, number: documentSample.number } }),
  downloadPayoutStatement: () => ({ params: { id: DEMO.mainMerchantId, payout_id: documentSample.payoutId } }),
  downloadGroupPayoutStatement: () => ({
    params: { id: DEMO.mainMerchantId },
    query: { start_date: tokyoDay(-90), end_date: tokyoDay() },
  }),
  issueReceipt: () => ({
    params: { id: DEMO.mainMerchantId, transaction_id: refundSample.paymentId },
    payload: { note: 'お品代として', tax_rate: 10 },
  }),
  // Journal export (issue 26)
  getJournalAccounts: () => ({ params: { id: DEMO.mainMerchantId } }),
  updateJournalAccounts: () => ({
    params: { id: DEMO.mainMerchantId },
    payload: {
      receivable: '売掛金',
      sales: '売上高',
      fees: '支払手数料',
      bank: '普通預金',
      payable: '未払金',
      other_income: '雑収入',
    },
  }),
};

const CALLERS = {
  Owner: DEMO.owner,
  Manager: DEMO.manager,
  Manager_NoPayment: DEMO.managerNoPayment,
  Member: DEMO.member,
} as const;
type Caller = keyof typeof CALLERS | 'another merchant' | 'no token';

/** The status an access rule implies for a caller of 本店. */
function expectedStatus(def: CallDef, caller: Caller): number {
  if (caller === 'no token') return 401;
  if (def.access.kind === 'authenticated') return 200;
  if (def.access.kind === 'public') return 200;
  // Bound to まちのパン屋, where that caller is the Owner.
  if (def.access.kind === 'session')
    return def.access.roles.includes(caller === 'another merchant' ? 'Owner' : caller) ? 200 : 403;
  if (caller === 'another merchant') return 404;
  return def.access.roles.includes(caller) ? 200 : 403;
}

const protectedCalls = (Object.entries(CALLS) as [CallId, CallDef][]).filter(
  (entry): entry is [ProtectedCallId, CallDef] => entry[1].access.kind !== 'public',
);

describeWithDatabase('access rules', (env) => {
  const sessions = new Map<Caller, SignedIn>();
  beforeAll(async () => {
    // Bound to their merchant, as the console's sessions are (calls of kind `session` read that role).
    for (const [role, email] of Object.entries(CALLERS)) {
      sessions.set(role as Caller, await signInAt(env().app, email, DEMO.mainMerchantId));
    }
    sessions.set('another merchant', await signInAt(env().app, DEMO.otherMerchantOwner, DEMO.bakeryMerchantId));
    // Money: refunds
    const payment = await env()
      .db.selectFrom('transactions')
      .select('id')
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .where('type', '=', 'PAYMENT')
      .where((eb) =>
        eb.exists(eb.selectFrom('entries').whereRef('transaction_id', '=', 'transactions.id').where('coin_id', '=', 1)),
      )
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const requested = await env()
      .db.selectFrom('refund_applications')
      .select('id')
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .where('status', '=', 'REQUESTED')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    Object.assign(refundSample, { paymentId: payment.id, requestedId: requested.id });
  });

  // Merchant settings
  beforeAll(async () => {
    upload.png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer();
  });

  // Documents
  beforeAll(async () => {
    const month = addMonths(tokyoDay().slice(0, 7).replace('-', ''), -1);
    const invoice = await issueFeeInvoice(
      env().db,
      DEMO.mainMerchantId,
      month,
      DEFAULT_DOCUMENT_SETTINGS,
      new Date(),
      null,
    );
    const payout = await env()
      .db.selectFrom('payouts')
      .select('id')
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    Object.assign(documentSample, { month, number: invoice.number, payoutId: payout.id });
  });

  // Money: histories and fees
  beforeAll(async () => {
    const entry = await env()
      .db.selectFrom('entries')
      .select('transaction_id')
      .where('wallet_no', '=', DEMO.mainWalletNo)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    historySample.transactionId = entry.transaction_id;
  });

  // Money in and out
  beforeAll(async () => {
    const now = new Date();
    for (const caller of [DEMO.owner, DEMO.manager]) {
      const { userId } = sessions.get(caller === DEMO.owner ? 'Owner' : 'Manager') ?? { userId: 0 };
      const link = await createUrlPayment(
        env().db,
        {
          merchantId: DEMO.mainMerchantId,
          coinId: 1,
          amount: 100,
          description: '権限テスト',
          expiresOn: tokyoDay(1),
          createdBy: null,
        },
        { publicUrl: 'http://localhost:3000', now },
      );
      moneyOutSample.linkOf.set(userId, link.id);
      const invoice = await issueInvoice(env().db, {
        merchantId: DEMO.mainMerchantId,
        issuerName: '権限テスト',
        issuerWalletNo: DEMO_MERCHANTS.station.walletNo,
        title: '権限テスト',
        items: [{ name: '権限テスト', quantity: 1, unit_price: 100, amount: 100 }],
        coinId: 1,
        dueDate: tokyoDay(3),
        now,
      });
      moneyOutSample.invoiceOf.set(userId, invoice.id);
      moneyOutSample.unpaidId = invoice.id;
      const coupon = await createCoupon(
        env().db,
        {
          merchantId: DEMO.mainMerchantId,
          createdBy: null,
          name: '権限テスト',
          discount_type: 'RATE',
          discount_value: 10,
          min_purchase: 0,
          stock: null,
          starts_on: tokyoDay(),
          ends_on: tokyoDay(3),
        },
        now,
      );
      couponOf.set(userId, coupon.id);
    }
  });

  /** A proof for the call's change (its merchant from the path), or null where the caller can make none. */
  const proofFor = async (def: CallDef, session: SignedIn, params: Record<string, unknown>) => {
    const { stepUp: purpose, stepUpUse } = def;
    if (!purpose || stepUpUse === 'above_limit' || stepUpUse === 'with_factor') return null;
    const merchantId = def.access.kind === 'merchant' ? Number(params.id) : null;
    return stepUp(env().app, session, purpose, merchantId).catch(() => null);
  };

  it('covers every protected call of the contract', () => {
    expect(protectedCalls.map(([id]) => id).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  const callers: Caller[] = ['Owner', 'Manager', 'Manager_NoPayment', 'Member', 'another merchant', 'no token'];
  for (const [id, def] of protectedCalls) {
    describe(`${def.method} ${def.path}`, () => {
      // Ending one's other sign-ins would end the sessions this file's other tests share (one per demo
      // user): signed-in callers make it in signIns.test.ts, on a database of its own.
      for (const caller of id === 'endOtherSignIns' ? (['no token'] as const) : callers) {
        it(`${caller} → ${expectedStatus(def, caller)}`, async () => {
          const shared = sessions.get(caller === 'no token' ? 'Owner' : caller);
          if (!shared) throw new Error(`no session for ${caller}`);
          // Logging out ends the sign-in it is made with: that call gets a sign-in of its own.
          const session =
            id === 'endSession' && caller !== 'no token'
              ? await signIn(env().app, caller === 'another merchant' ? DEMO.otherMerchantOwner : CALLERS[caller])
              : shared;
          const sample = SAMPLES[id](session);
          // A change that needs a proof gets one first, where the caller can make one: the matrix is about
          // roles (the proofs are tested in trust.test.ts).
          const proof = caller === 'no token' ? null : await proofFor(def, session, sample.params);
          const response = await env().app.inject({
            method: def.method,
            url: `/api${callPath(def.path, sample.params)}`,
            ...(sample.query ? { query: sample.query } : {}),
            ...(sample.payload ? { payload: sample.payload } : {}),
            headers: {
              ...sample.headers,
              ...(caller === 'no token' ? {} : { authorization: session.authorization }),
              ...(proof ? { 'step-up-token': proof } : {}),
            },
          });
          const expected = expectedStatus(def, caller);
          const outcomes = caller === 'no token' ? undefined : STATEFUL_OUTCOMES[id];
          if (outcomes) {
            // Past the access rule: the handler answered from the caller's own state.
            expect(outcomes, response.body).toContain(response.statusCode);
            return;
          }
          expect(response.statusCode, response.body).toBe(expected);
          if (expected === 200) {
            // Money: histories and fees — file answers are checked by their media type.
            if (def.produces) expect(response.headers['content-type']).toContain(def.produces);
            else expect(() => def.response.parse(response.json())).not.toThrow();
          } else {
            const type = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' }[expected];
            expect(response.json()).toEqual({ type, message: expect.any(String) });
          }
        });
      }
    });
  }

  // Roles before input: a caller without the role learns nothing of what the call takes.
  it.each(
    (['Member', 'Manager'] as const).flatMap((role) =>
      protectedCalls
        .filter(([, def]) => def.access.kind === 'merchant' && !def.access.roles.includes(role))
        .map(([id, def]) => [id, role, def] as const),
    ),
  )('%s: a %s sending nonsense gets 403, not a 400 describing the input', async (id, role, def) => {
    const caller = sessions.get(role);
    if (!caller) throw new Error(`no ${role} session`);
    const response = await env().app.inject({
      method: def.method,
      // 本店's path (the sample's), with nonsense in query and body.
      url: `/api${callPath(def.path, SAMPLES[id](caller).params)}`,
      query: { start_date: 'yesterday', limit: '-1', status: 'NOPE', user_id: 'someone', kind: 'everything' },
      ...(def.method === 'GET' ? {} : { payload: { nonsense: true, amount: 'lots' } }),
      headers: { authorization: caller.authorization },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().type).toBe('forbidden');
  });

  // The history filters (issue 25) are input like any other: read only once the caller may make the call.
  it('reads the history filters after the access rule: 401 without a token, 404 at another merchant', async () => {
    const nonsense = { start_date: tokyoDay(-1), end_date: tokyoDay(), amount: 'lots', time_from: '25:00' };
    const anonymous = await env().app.inject({
      method: 'GET',
      url: `/api/wallets/${DEMO.mainWalletNo}/histories`,
      query: nonsense,
    });
    expect(anonymous.statusCode).toBe(401);
    // 本店's Manager holds no role at まちのパン屋.
    const elsewhere = await env().app.inject({
      method: 'GET',
      url: `/api/wallets/${DEMO.bakeryWalletNo}/histories`,
      query: nonsense,
      headers: { authorization: sessions.get('Manager')?.authorization ?? '' },
    });
    expect(elsewhere.statusCode).toBe(404);
    // The history CSV of another merchant: not found, before its filters are read.
    const download = await env().app.inject({
      method: 'GET',
      url: `/api/merchants/${DEMO.bakeryMerchantId}/downloads/histories`,
      query: nonsense,
      headers: { authorization: sessions.get('Manager')?.authorization ?? '' },
    });
    expect(download.statusCode).toBe(404);
    // The same filters from a caller who may: the input's own answer.
    const owner = await env().app.inject({
      method: 'GET',
      url: `/api/wallets/${DEMO.mainWalletNo}/histories`,
      query: nonsense,
      headers: { authorization: sessions.get('Owner')?.authorization ?? '' },
    });
    expect(owner.statusCode).toBe(400);
    expect(owner.json()).toMatchObject({ type: 'invalid_request', field: 'amount' });
  });

  // The download call is open to every role; each report is open to the roles of the list it mirrors.
  describe('GET /merchants/{id}/downloads/{report}, report by report', () => {
    for (const report of CSV_REPORTS) {
      for (const role of ['Owner', 'Manager', 'Manager_NoPayment', 'Member'] as const) {
        const expected = CSV_REPORT_ROLES[report].includes(role) ? 200 : 403;
        it(`${report}: ${role} → ${expected}`, async () => {
          const response = await env().app.inject({
            method: 'GET',
            url: `/api/merchants/${DEMO.mainMerchantId}/downloads/${report}`,
            query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
            headers: { authorization: sessions.get(role)?.authorization ?? '' },
          });
          expect(response.statusCode, response.body).toBe(expected);
          if (expected === 200) expect(response.headers['content-type']).toContain('text/csv');
          else expect(response.json().type).toBe('forbidden');
        });
      }
    }

    it('refuses a role a report is closed to before reading its query: 403, never a 400 describing it', async () => {
      const closed = CSV_REPORTS.filter((report) => !CSV_REPORT_ROLES[report].includes('Member'));
      expect(closed.length).toBeGreaterThan(0);
      for (const report of closed) {
        const response = await env().app.inject({
          method: 'GET',
          url: `/api/merchants/${DEMO.mainMerchantId}/downloads/${report}`,
          query: { start_date: 'yesterday', encoding: 'ebcdic' },
          headers: { authorization: sessions.get('Member')?.authorization ?? '' },
        });
        expect(response.statusCode, `${report}: ${response.body}`).toBe(403);
      }
    });
  });

  it("never shows another merchant's wallet, even to an Owner elsewhere", async () => {
    const response = await env().app.inject({
      method: 'GET',
      url: `/api/wallets/${DEMO.bakeryWalletNo}/histories`,
      query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
      headers: { authorization: sessions.get('Manager')?.authorization ?? '' },
    });
    expect(response.statusCode).toBe(404);
    // owner@ is a Member there: allowed to read, like every role.
    const asMember = await env().app.inject({
      method: 'GET',
      url: `/api/wallets/${DEMO.bakeryWalletNo}`,
      headers: { authorization: sessions.get('Owner')?.authorization ?? '' },
    });
    expect(asMember.statusCode).toBe(200);
  });

  it('treats a customer or system wallet as not found', async () => {
    for (const walletNo of ['2000000001', '9000000001', '0000000000']) {
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/wallets/${walletNo}`,
        headers: { authorization: sessions.get('Owner')?.authorization ?? '' },
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('follows role changes at once (roles are read from the database)', async () => {
    const member = await signIn(env().app, DEMO.member);
    const url = `/api/merchants/${DEMO.mainMerchantId}/users`;
    const headers = { authorization: member.authorization };
    expect((await env().app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    const promote = (role: 'Owner' | 'Member') =>
      env()
        .db.updateTable('merchant_users')
        .set({ role })
        .where('merchant_id', '=', DEMO.mainMerchantId)
        .where('user_id', '=', member.userId)
        .execute();
    await promote('Owner');
    try {
      expect((await env().app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    } finally {
      await promote('Member');
    }
  });

  describe('bad input answers 400 naming the field, never 500', () => {
    const month = tokyoDay().slice(0, 7).replace('-', '');
    const cases: {
      name: string;
      method?: 'GET' | 'POST';
      url: string;
      payload?: unknown;
      raw?: string;
      field?: string;
    }[] = [
      {
        name: 'sign-in email',
        method: 'POST',
        url: '/api/sessions/merchant',
        payload: { email: 'x', password: 'p', platform: 'web' },
        field: 'email',
      },
      {
        name: 'sign-in platform',
        method: 'POST',
        url: '/api/sessions/merchant',
        payload: { email: 'a@example.com', password: 'p', platform: 'ios' },
        field: 'platform',
      },
      {
        name: 'sign-in without password',
        method: 'POST',
        url: '/api/sessions/merchant',
        payload: { email: 'a@example.com', platform: 'web' },
        field: 'password',
      },
      { name: 'sign-in without body', method: 'POST', url: '/api/sessions/merchant', field: 'body' },
      {
        name: 'sign-in with broken JSON',
        method: 'POST',
        url: '/api/sessions/merchant',
        raw: '{"email":',
        field: 'body',
      },
      {
        name: 'refresh without token',
        method: 'POST',
        url: '/api/sessions/refresh',
        payload: { popinfo_id: 'x', platform: 'web' },
        field: 'reauth_token',
      },
      { name: 'merchant id not a number', url: '/api/merchants/abc/merchant', field: 'id' },
      { name: 'merchant id zero', url: '/api/merchants/0/merchant', field: 'id' },
      { name: 'merchant id negative', url: '/api/merchants/-1/latest_payment_history', field: 'id' },
      { name: 'identity id not a number', url: '/api/identities/1.5/email', field: 'id' },
      { name: 'fees without target', url: '/api/merchants/1/summarized_tx_fees', field: 'target' },
      { name: 'fees with month 13', url: '/api/merchants/1/summarized_tx_fees?target=202613', field: 'target' },
      {
        name: 'daily sales with an impossible day',
        url: '/api/merchants/1/daily_sales?start_date=2026-02-30&end_date=2026-03-01',
        field: 'start_date',
      },
      {
        name: 'daily sales ending before it starts',
        url: '/api/merchants/1/daily_sales?start_date=2026-03-02&end_date=2026-03-01',
        field: 'end_date',
      },
      {
        name: 'daily sales over too long a period',
        url: '/api/merchants/1/daily_sales?start_date=2020-01-01&end_date=2026-01-01',
        field: 'end_date',
      },
      {
        name: 'daily sales in year 1',
        url: '/api/merchants/1/daily_sales?start_date=0001-01-01&end_date=0001-01-02',
        field: 'start_date',
      },
      { name: 'wallet number too short', url: '/api/wallets/12345', field: 'wallet_no' },
      { name: 'histories without dates', url: `/api/wallets/${DEMO.mainWalletNo}/histories`, field: 'start_date' },
      {
        name: 'histories limit 0',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories?start_date=2026-01-01&end_date=2026-01-31&limit=0`,
        field: 'limit',
      },
      {
        name: 'histories limit too large',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories?start_date=2026-01-01&end_date=2026-01-31&limit=1000`,
        field: 'limit',
      },
      {
        name: 'histories offset 0',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories?start_date=2026-01-01&end_date=2026-01-31&offset=0`,
        field: 'offset',
      },
      {
        name: 'histories offset not a number',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories?start_date=2026-01-01&end_date=2026-01-31&offset=x`,
        field: 'offset',
      },
      {
        name: 'histories with an amount range upside down',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories?start_date=2026-01-01&end_date=2026-01-31&amount_min=500&amount_max=100`,
        field: 'amount_max',
      },
      {
        name: 'histories with an exact amount and a range',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories?start_date=2026-01-01&end_date=2026-01-31&amount=500&amount_max=100`,
        field: 'amount',
      },
      {
        name: 'histories at an impossible time of day',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories?start_date=2026-01-01&end_date=2026-01-31&time_to=12:60`,
        field: 'time_to',
      },
      {
        name: 'the history CSV with an amount of 0',
        url: `/api/merchants/${DEMO.mainMerchantId}/downloads/histories?start_date=2026-01-01&end_date=2026-01-31&amount_min=0`,
        field: 'amount_min',
      },
      {
        name: 'histories with a repeated limit',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories?start_date=2026-01-01&end_date=2026-01-31&limit=1&limit=2`,
        field: 'limit',
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const owner = sessions.get('Owner');
        const response = await env().app.inject({
          method: c.method ?? 'GET',
          url: c.url,
          headers: {
            authorization: owner?.authorization ?? '',
            ...(c.raw !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(c.payload !== undefined ? { payload: c.payload as object } : {}),
          ...(c.raw !== undefined ? { payload: c.raw } : {}),
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ type: 'invalid_request', message: expect.any(String) });
        if (c.field) expect(response.json().field).toBe(c.field);
      });
    }

    it('a well-formed month long ago simply has no fees', async () => {
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/merchants/1/summarized_tx_fees?target=${month.replace(/^\d{4}/, '0000')}`,
        headers: { authorization: sessions.get('Owner')?.authorization ?? '' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [] });
    });

    it('ids beyond any stored id are simply not found', async () => {
      const owner = sessions.get('Owner');
      for (const url of ['/api/merchants/99999999999/merchant', '/api/identities/99999999999/email']) {
        const response = await env().app.inject({
          method: 'GET',
          url,
          headers: { authorization: owner?.authorization ?? '' },
        });
        expect(response.statusCode).toBe(404);
      }
    });

    it('a page far beyond the end is empty, not an error', async () => {
      const owner = sessions.get('Owner');
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories`,
        query: { start_date: tokyoDay(-30), end_date: tokyoDay(), offset: String(Number.MAX_SAFE_INTEGER) },
        headers: { authorization: owner?.authorization ?? '' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().items).toEqual([]);
    });
  });
});
