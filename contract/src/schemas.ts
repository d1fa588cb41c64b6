import { z } from 'zod';
import {
  CSV_ENCODINGS,
  CSV_REPORTS,
  DEFAULT_OFFSET,
  DEFAULT_PAGE_SIZE,
  FEE_USER_TYPES,
  MAX_PAGE_SIZE,
  PLATFORM,
  REFUND_APPLICATION_STATUSES,
  REQUESTER,
  TRANSACTION_TYPES,
} from './constants';
import { ERROR_TYPES } from './messages';
import { ROLES } from './roles';

/* ---------- shared pieces ---------- */

export const roleSchema = z.enum(ROLES);
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
export const idSchema = z.coerce.number().int().positive();
/** Wallet numbers are ten digits. */
export const walletNoSchema = z.string().regex(/^\d{10}$/, '10桁の数字で指定してください');
/** A calendar day in Asia/Tokyo. */
export const dateSchema = z.iso.date();
/** A month as YYYYMM. */
export const monthSchema = z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'YYYYMM形式で指定してください');
/** Instants are ISO 8601 strings in UTC. */
export const instantSchema = z.string();
/** Amounts are integers (yen and coins have no fractions). */
export const amountSchema = z.number().int();

export const errorBodySchema = z.object({
  type: z.enum(ERROR_TYPES),
  message: z.string(),
  /** The offending field of a 400 answer, as a dotted path. */
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const pagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(1).default(DEFAULT_OFFSET),
});

const PERIOD_ORDER_MESSAGE = '開始日は終了日以前にしてください';
/** Refinements of a period given as start_date/end_date or start_at/end_at: the start is not after the end. */
const datesInOrder: [(q: { start_date: string; end_date: string }) => boolean, { message: string; path: string[] }] = [
  (q) => q.start_date <= q.end_date,
  { message: PERIOD_ORDER_MESSAGE, path: ['end_date'] },
];
const atsInOrder: [(q: { start_at: string; end_at: string }) => boolean, { message: string; path: string[] }] = [
  (q) => q.start_at <= q.end_at,
  { message: PERIOD_ORDER_MESSAGE, path: ['end_at'] },
];

export const periodQuerySchema = z.object({ start_date: dateSchema, end_date: dateSchema }).refine(...datesInOrder);

export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const merchantParamsSchema = z.object({ id: idSchema });
export const walletParamsSchema = z.object({ wallet_no: walletNoSchema });
export const identityParamsSchema = z.object({ id: idSchema });

/* ---------- sessions ---------- */

export const merchantSessionBodySchema = z.object({
  email: z.email('メールアドレスの形式が正しくありません'),
  password: z.string().min(1, 'パスワードを入力してください'),
  platform: z.literal(PLATFORM),
});
export const merchantRoleEntrySchema = z.object({
  merchant_id: z.number().int(),
  role: roleSchema,
  email: z.string(),
});
/** The Authorization header (`Bearer <token>`) rides on the response; its token carries the popinfo_id claim. */
export const merchantSessionResponseSchema = z.object({
  merchant_roles: z.array(merchantRoleEntrySchema),
  identity: z.object({ user_id: z.number().int() }),
  /** Absent when the user holds no merchant role: no session is opened. */
  reauth_token: z.string().optional(),
});

export const refreshBodySchema = z.object({
  reauth_token: z.string().min(1),
  popinfo_id: z.string().min(1),
  platform: z.literal(PLATFORM),
});
export const refreshResponseSchema = z.object({ reauth_token: z.string() });

export const merchantSessionSwitchResponseSchema = z.object({
  reauth_token: z.string(),
  merchant_user: z.object({ user_nick_name: z.string(), role: roleSchema }),
});

/** Claims of the signed authorization token. */
export const authClaimsSchema = z.object({
  sub: z.string(),
  popinfo_id: z.string(),
  merchant_id: z.number().int().optional(),
});

/* ---------- identities ---------- */

export const emailStatusSchema = z.enum(['VERIFIED', 'UNVERIFIED']);
export const identityEmailResponseSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  email_status: emailStatusSchema,
});

export const changeEmailBodySchema = z.object({
  email: z
    .email('メールアドレスの形式が正しくありません')
    .max(254)
    .transform((email) => email.toLowerCase()),
  requester: z.literal(REQUESTER),
  /** Required: 400 field current_password when wrong (counting toward the sign-in lockout). */
  current_password: z
    .string({ message: '現在のパスワードを入力してください' })
    .min(1, '現在のパスワードを入力してください'),
});

/* ---------- merchants ---------- */

export const coinRefSchema = z.object({ id: z.number().int(), name: z.string() });
export const merchantResponseSchema = z.object({
  merchant_id: z.number().int(),
  name: z.string(),
  wallet_no: walletNoSchema,
  reloadable_coins: z.array(coinRefSchema),
  allow_subscription: flagSchema,
  merchant_group_id: z.number().int().nullable(),
  merchant_group_parent_id: z.number().int().nullable(),
  status: z.enum(['OPEN', 'CLOSED']),
});

export const latestPaymentResponseSchema = z.object({
  payment: z
    .object({
      transaction_id: z.number().int(),
      created_at: instantSchema,
      amount: amountSchema,
      coin_id: z.number().int(),
      coin_name: z.string(),
      payer_wallet_no: z.string(),
    })
    .nullable(),
});

export const summarizedTxFeesQuerySchema = z.object({ target: monthSchema });
export const feeStatusSchema = z.enum(['UNSETTLED', 'SETTLED', 'CASH_SETTLED']);
export const summarizedFeeSchema = z.object({
  summarized_month: monthSchema,
  amount: amountSchema,
  tax: amountSchema,
  status: feeStatusSchema,
});
export const summarizedTxFeesResponseSchema = listOf(summarizedFeeSchema);

export const dailySalesQuerySchema = periodQuerySchema;
export const dailySalesSchema = z.object({ date: dateSchema, amount: amountSchema, count: z.number().int() });
export const dailySalesResponseSchema = listOf(dailySalesSchema);

/* ---------- merchant users ---------- */

export const merchantUserStatusSchema = z.enum(['ACTIVE', 'SUSPENDED', 'INACTIVE', 'CANCELED']);
/** INVITATION_EXPIRED is derived on the client, never sent by the server. */
export const displayedUserStatusSchema = z.enum(['ACTIVE', 'SUSPENDED', 'INACTIVE', 'CANCELED', 'INVITATION_EXPIRED']);
export const merchantUserSchema = z.object({
  user_id: z.number().int(),
  email: z.string().optional(),
  status: merchantUserStatusSchema,
  activate_token_available_until: instantSchema.nullable(),
  name: z.string(),
  role: roleSchema,
});
export const merchantUsersResponseSchema = listOf(merchantUserSchema);

/* ---------- staff and accounts ---------- */

/** A nick name as shown in the user list. */
export const merchantUserNameSchema = z
  .string()
  .trim()
  .min(1, '名前を入力してください')
  .max(50, '名前は50文字以内で入力してください');
/** Addresses are compared and stored in lower case. */
export const accountEmailSchema = z
  .email('メールアドレスの形式が正しくありません')
  .max(254, 'メールアドレスが長すぎます')
  .transform((email) => email.toLowerCase());
/** The minimum length is the service's configuration (PASSWORD_MIN_LENGTH), checked by the server. */
export const newPasswordSchema = z
  .string()
  .min(1, 'パスワードを入力してください')
  .max(128, 'パスワードは128文字以内で入力してください');
/** A token from a mailed link (opaque, base64url). */
export const mailTokenSchema = z.string().min(1).max(200);

export const merchantUserParamsSchema = z.object({ id: idSchema, user_id: idSchema });
export const inviteMerchantUserBodySchema = z.object({
  name: merchantUserNameSchema,
  role: roleSchema,
  email: accountEmailSchema,
});
/** Either `{name, role}` (edit) or `{status}` (suspend / activate). */
export const updateMerchantUserBodySchema = z
  .object({
    name: merchantUserNameSchema.optional(),
    role: roleSchema.optional(),
    status: z.enum(['ACTIVE', 'SUSPENDED']).optional(),
  })
  .refine((b) => b.status !== undefined || b.name !== undefined || b.role !== undefined, {
    message: '変更する項目を指定してください',
    path: ['status'],
  })
  .refine((b) => b.status === undefined || (b.name === undefined && b.role === undefined), {
    message: '状態と名前・権限は同時に変更できません',
    path: ['status'],
  });

export const tokenParamsSchema = z.object({ token: mailTokenSchema });
/** What the invitation link shows; each call issues fresh email and password tokens for the next step. */
export const invitationResponseSchema = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  name: z.string(),
  role: roleSchema,
  email: z.string(),
  /** The invited identity has no password yet: the next step sets one. */
  needs_password: z.boolean(),
  email_token: z.string(),
  /** Null when the identity already has a password. */
  pass_token: z.string().nullable(),
});
export const activateInvitationBodySchema = z.object({
  activate_token: mailTokenSchema,
  email_token: mailTokenSchema,
  pass_token: mailTokenSchema.nullable().optional(),
  /** Required when the invitation needs a password. */
  password: newPasswordSchema.optional(),
});
export const activateInvitationResponseSchema = z.object({
  merchant_id: z.number().int(),
  email: z.string(),
});

export const verifyEmailBodySchema = z.object({ token: mailTokenSchema });
export const verifyEmailResponseSchema = z.object({ user_id: z.number().int(), email: z.string() });

export const passwordResetRequestBodySchema = z.object({
  email: accountEmailSchema,
  /** 'MerchantWeb' links to the merchant console's reset page. */
  requester: z.string().min(1).max(50),
});
export const okResponseSchema = z.object({ ok: z.literal(true) });
export const resetPasswordBodySchema = z.object({ password: newPasswordSchema });
export const resetPasswordResponseSchema = z.object({ email: z.string() });

export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, '現在のパスワードを入力してください'),
  password: newPasswordSchema,
});
/** The address stays `email` until the link mailed to `pending_email` is followed. */
export const changeEmailResponseSchema = z.object({ email: z.string(), pending_email: z.string() });

/* ---------- wallets ---------- */

export const walletBalanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: amountSchema,
  transferable: flagSchema,
  refundable: flagSchema,
});
export const walletResponseSchema = z.object({
  wallet_no: walletNoSchema,
  /** Sorted by coin id ascending. */
  balances: z.array(walletBalanceSchema),
});

export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

export const historySchema = z.object({
  transaction_id: z.number().int(),
  created_at: instantSchema,
  type: transactionTypeSchema,
  coin_id: z.number().int(),
  coin_name: z.string(),
  /** Signed: positive in, negative out. */
  amount: amountSchema,
  /** The wallet's balance of this coin after the entry. */
  balance: amountSchema,
  counterparty: z.string().nullable(),
  comment: z.string().nullable(),
});
export const historiesResponseSchema = pagedOf(historySchema);

export const requestedRefundSchema = z.object({ id: z.number().int(), name: z.string(), amount: amountSchema });
export const requestedRefundsResponseSchema = listOf(requestedRefundSchema);

/* ---------- notices and configuration ---------- */

export const noticeSchema = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  title: z.string(),
  body: z.string(),
  published_at: instantSchema,
});
export const noticesResponseSchema = listOf(noticeSchema);

/** The console's `/config.json`; runtimeConfig.ts checks the same rules without zod (kept in step by its test). */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  noticeUrl: z.string(),
  passwordMinLength: z.number().int().min(1),
  notificationMs: z.number().int().positive(),
  requestTimeoutMs: z.number().int().positive(),
  appHandover: z.object({
    scheme: z.string(),
    universalLinkBase: z.string(),
    iosStoreUrl: z.string(),
    androidStoreUrl: z.string(),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export type MerchantSessionResponse = z.infer<typeof merchantSessionResponseSchema>;
export type MerchantResponse = z.infer<typeof merchantResponseSchema>;
export type MerchantUser = z.infer<typeof merchantUserSchema>;
export type WalletBalance = z.infer<typeof walletBalanceSchema>;
export type History = z.infer<typeof historySchema>;
export type SummarizedFee = z.infer<typeof summarizedFeeSchema>;
export type Notice = z.infer<typeof noticeSchema>;
export type Invitation = z.infer<typeof invitationResponseSchema>;

// Money: refunds

export const refundApplicationStatusSchema = z.enum(REFUND_APPLICATION_STATUSES);
export const refundApplicationParamsSchema = z.object({ refund_application_id: idSchema });

export const refundApplicationsQuerySchema = z
  .object({
    /** Tokyo calendar days, inclusive, of the application's creation. */
    start_at: dateSchema,
    end_at: dateSchema,
    status: refundApplicationStatusSchema.optional(),
    limit: pagingQuerySchema.shape.limit,
    offset: pagingQuerySchema.shape.offset,
  })
  .refine(...atsInOrder);

export const refundApplicationSchema = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  /** The merchant's wallet the refund is paid from. */
  merchant_wallet_no: walletNoSchema,
  /** The customer's wallet the refund goes to (the payer of the payment). */
  customer_wallet_no: z.string(),
  payment_transaction_id: z.number().int(),
  payment_amount: amountSchema,
  payment_created_at: instantSchema,
  coin_id: z.number().int(),
  coin_name: z.string(),
  amount: amountSchema,
  /** Charged to the merchant on approval, on top of the amount. */
  fee: amountSchema,
  status: refundApplicationStatusSchema,
  /** The ledger transaction that moved the money (APPROVED only). */
  refund_transaction_id: z.number().int().nullable(),
  created_at: instantSchema,
  approved_at: instantSchema.nullable(),
  canceled_at: instantSchema.nullable(),
});
export const refundApplicationsResponseSchema = pagedOf(refundApplicationSchema);

export const refundBodySchema = z.object({
  /** The payment (a transaction into the wallet) to refund. */
  transaction_id: idSchema,
  amount: z.number().int('整数で指定してください').positive('1以上の金額を指定してください'),
});

export const refundConfirmationSchema = z.object({
  payment: z.object({
    transaction_id: z.number().int(),
    created_at: instantSchema,
    amount: amountSchema,
    coin_id: z.number().int(),
    coin_name: z.string(),
    payer_wallet_no: z.string(),
  }),
  coin: z.object({ id: z.number().int(), name: z.string(), refundable: flagSchema }),
  amount: amountSchema,
  /** The merchant's refund fee rate in basis points (1/100 %) valid today. */
  fee_rate_bp: z.number().int(),
  fee: amountSchema,
  /** What is left to refund before this one: payment − refunded − requested. */
  refundable_remaining: amountSchema,
  remaining_after: amountSchema,
});

export const refundingSchema = z.object({
  coin_id: z.number().int(),
  coin_name: z.string(),
  /** Sum of the requested amounts. */
  amount: amountSchema,
  /** Sum of their fees. */
  fee: amountSchema,
  count: z.number().int(),
});
export const refundingResponseSchema = z.object({ wallet_no: walletNoSchema, items: z.array(refundingSchema) });

export const refundFeesQuerySchema = periodQuerySchema;
export const refundFeeSchema = z.object({
  refund_application_id: z.number().int(),
  approved_at: instantSchema,
  payment_transaction_id: z.number().int(),
  refund_transaction_id: z.number().int(),
  coin_id: z.number().int(),
  coin_name: z.string(),
  amount: amountSchema,
  fee_rate_bp: z.number().int(),
  fee: amountSchema,
});
export const refundFeesResponseSchema = z.object({ items: z.array(refundFeeSchema), total_fee: amountSchema });

export type RefundApplication = z.infer<typeof refundApplicationSchema>;
export type RefundConfirmation = z.infer<typeof refundConfirmationSchema>;

// Money: histories and fees

/** Wallet histories: the period, paging and, optionally, one transaction type and one transaction id. */
export const walletHistoriesQuerySchema = z
  .object({
    start_date: dateSchema,
    end_date: dateSchema,
    type: transactionTypeSchema.optional(),
    transaction_id: idSchema.optional(),
    limit: pagingQuerySchema.shape.limit,
    offset: pagingQuerySchema.shape.offset,
  })
  .refine(...datesInOrder);

export const balanceAtParamsSchema = z.object({ wallet_no: walletNoSchema, transaction_id: idSchema });
export const balanceAtResponseSchema = z.object({
  wallet_no: walletNoSchema,
  transaction_id: z.number().int(),
  created_at: instantSchema,
  type: transactionTypeSchema,
  comment: z.string().nullable(),
  /** The wallet's balance of every coin it holds right after the transaction, sorted by coin id. */
  balances: z.array(z.object({ id: z.number().int(), name: z.string(), amount: amountSchema })),
});

export const pagedPeriodQuerySchema = z
  .object({
    start_date: dateSchema,
    end_date: dateSchema,
    limit: pagingQuerySchema.shape.limit,
    offset: pagingQuerySchema.shape.offset,
  })
  .refine(...datesInOrder);
export const cashCancelHistorySchema = historySchema.extend({
  /** The transaction the cash cancel reverses. */
  canceled_transaction_id: z.number().int().nullable(),
});
export const cashCancelHistoriesResponseSchema = pagedOf(cashCancelHistorySchema);
export const commentHistoriesResponseSchema = pagedOf(historySchema);

export const targetDateQuerySchema = z.object({ target_date: dateSchema });
export const feeRateSchema = z.object({
  type: transactionTypeSchema,
  /** Basis points: 1/100 of a percent. */
  rate_bp: z.number().int(),
  valid_from: dateSchema,
});
export const feeHistoryItemSchema = feeRateSchema.extend({
  /** The last day the rate applies; null while it is the latest. */
  valid_to: dateSchema.nullable(),
  /** The rate applies on target_date. */
  in_effect: z.boolean(),
});
export const feeHistoryResponseSchema = z.object({
  merchant_id: z.number().int(),
  target_date: dateSchema,
  /** Every rate period of the merchant, by type, newest first. */
  items: z.array(feeHistoryItemSchema),
});
export const feeRatesResponseSchema = z.object({ target_date: dateSchema, items: z.array(feeRateSchema) });
export const feeLimitsQuerySchema = z.object({ user_type: z.enum(FEE_USER_TYPES), target_date: dateSchema });
export const feeLimitsResponseSchema = z.object({
  user_type: z.enum(FEE_USER_TYPES),
  target_date: dateSchema,
  /** Null when no limit applies on target_date. */
  limit_amount: amountSchema.nullable(),
  valid_from: dateSchema.nullable(),
});

export const txFeesQuerySchema = z
  .object({
    /** Tokyo calendar days, inclusive. */
    start_at: dateSchema,
    end_at: dateSchema,
    type: transactionTypeSchema.optional(),
    limit: pagingQuerySchema.shape.limit,
    offset: pagingQuerySchema.shape.offset,
  })
  .refine(...atsInOrder);
export const txFeeSchema = z.object({
  transaction_id: z.number().int(),
  created_at: instantSchema,
  type: transactionTypeSchema,
  coin_id: z.number().int(),
  coin_name: z.string(),
  /** The amount the fee is charged on (unsigned). */
  amount: amountSchema,
  fee_rate_bp: z.number().int(),
  fee: amountSchema,
});
export const txFeesResponseSchema = pagedOf(txFeeSchema).extend({
  /** Over every page of the filtered list. */
  total_amount: amountSchema,
  total_fee: amountSchema,
});

/** The CSV reports; each takes the filters of the list it mirrors. */
export const csvReportSchema = z.enum(CSV_REPORTS);
export const downloadParamsSchema = z.object({ id: idSchema, report: csvReportSchema });
export const downloadQuerySchema = z
  .object({
    start_date: dateSchema,
    end_date: dateSchema,
    /** cp932 (Windows-31J, what Excel in Japan opens) by default; utf8 writes a BOM. */
    encoding: z.enum(CSV_ENCODINGS).default('cp932'),
    /** histories, tx_fees */
    type: transactionTypeSchema.optional(),
    /** histories */
    transaction_id: idSchema.optional(),
    /** refund_applications */
    status: refundApplicationStatusSchema.optional(),
  })
  .refine(...datesInOrder);
/** The body is the file itself (a CSV report, an image, a PDF); the schema only documents it. */
export const fileResponseSchema = z.string();
export const csvResponseSchema = fileResponseSchema;

export type BalanceAt = z.infer<typeof balanceAtResponseSchema>;
export type CashCancelHistory = z.infer<typeof cashCancelHistorySchema>;
export type TxFee = z.infer<typeof txFeeSchema>;
export type CsvReport = z.infer<typeof csvReportSchema>;
