import { z } from 'zod';
import { DEFAULT_OFFSET, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PLATFORM, REQUESTER } from './constants';
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

export const periodQuerySchema = z
  .object({ start_date: dateSchema, end_date: dateSchema })
  .refine((q) => q.start_date <= q.end_date, { message: '開始日は終了日以前にしてください', path: ['end_date'] });

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

export const changeEmailBodySchema = z.object({ email: z.email(), requester: z.literal(REQUESTER) });

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
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

export const historiesQuerySchema = z
  .object({
    start_date: dateSchema,
    end_date: dateSchema,
    limit: pagingQuerySchema.shape.limit,
    offset: pagingQuerySchema.shape.offset,
  })
  .refine((q) => q.start_date <= q.end_date, { message: '開始日は終了日以前にしてください', path: ['end_date'] });
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
