import type { z } from 'zod';
import { ALL_ROLES, OWNER_ONLY, type Role } from './roles';
import * as s from './schemas';

/**
 * Who may make a call. The server enforces it; the console only mirrors it.
 * - public: no authorization.
 * - authenticated: a valid authorization; the handler applies its own ownership rule.
 * - merchant: the caller's role for the merchant named by path param `id`, read from the database.
 * - wallet: the caller's role for the merchant that owns path param `wallet_no`.
 */
export type CallAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'merchant'; roles: readonly Role[] }
  | { kind: 'wallet'; roles: readonly Role[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallDef {
  method: HttpMethod;
  /** Relative to the API base URL, OpenAPI style (`/merchants/{id}`). */
  path: string;
  summary: string;
  access: CallAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The call answers a fresh `Authorization` header. */
  issuesAuthorization?: boolean;
}

const publicAccess: CallAccess = { kind: 'public' };
const merchant = (roles: readonly Role[]): CallAccess => ({ kind: 'merchant', roles });
const wallet = (roles: readonly Role[]): CallAccess => ({ kind: 'wallet', roles });

export const CALLS = {
  createMerchantSession: {
    method: 'POST',
    path: '/sessions/merchant',
    summary: 'Sign in with email and password',
    access: publicAccess,
    body: s.merchantSessionBodySchema,
    response: s.merchantSessionResponseSchema,
    issuesAuthorization: true,
  },
  refreshSession: {
    method: 'POST',
    path: '/sessions/refresh',
    summary: 'Rotate the reauth token and obtain a fresh authorization',
    access: publicAccess,
    body: s.refreshBodySchema,
    response: s.refreshResponseSchema,
    issuesAuthorization: true,
  },
  switchMerchantSession: {
    method: 'POST',
    path: '/merchants/{id}/sessions',
    summary: 'Bind the session to a merchant the caller holds a role in',
    access: merchant(ALL_ROLES),
    params: s.merchantParamsSchema,
    response: s.merchantSessionSwitchResponseSchema,
    issuesAuthorization: true,
  },
  getIdentityEmail: {
    method: 'GET',
    path: '/identities/{id}/email',
    summary: "An identity's email and its status (the caller's own, or a member of a merchant the caller owns)",
    access: { kind: 'authenticated' },
    params: s.identityParamsSchema,
    response: s.identityEmailResponseSchema,
  },
  getMerchant: {
    method: 'GET',
    path: '/merchants/{id}/merchant',
    summary: 'The merchant',
    access: merchant(ALL_ROLES),
    params: s.merchantParamsSchema,
    response: s.merchantResponseSchema,
  },
  getLatestPayment: {
    method: 'GET',
    path: '/merchants/{id}/latest_payment_history',
    summary: 'The latest payment received by the merchant',
    access: merchant(ALL_ROLES),
    params: s.merchantParamsSchema,
    response: s.latestPaymentResponseSchema,
  },
  getSummarizedTxFees: {
    method: 'GET',
    path: '/merchants/{id}/summarized_tx_fees',
    summary: 'Monthly fee summaries of the twelve months up to the target month, newest first',
    access: merchant(ALL_ROLES),
    params: s.merchantParamsSchema,
    query: s.summarizedTxFeesQuerySchema,
    response: s.summarizedTxFeesResponseSchema,
  },
  getDailySales: {
    method: 'GET',
    path: '/merchants/{id}/daily_sales',
    summary: 'Payments received per Asia/Tokyo day in the period',
    access: merchant(ALL_ROLES),
    params: s.merchantParamsSchema,
    query: s.dailySalesQuerySchema,
    response: s.dailySalesResponseSchema,
  },
  listMerchantUsers: {
    method: 'GET',
    path: '/merchants/{id}/users',
    summary: "The merchant's users",
    access: merchant(OWNER_ONLY),
    params: s.merchantParamsSchema,
    response: s.merchantUsersResponseSchema,
  },
  getWallet: {
    method: 'GET',
    path: '/wallets/{wallet_no}',
    summary: 'Balances per coin, sorted by coin id',
    access: wallet(ALL_ROLES),
    params: s.walletParamsSchema,
    response: s.walletResponseSchema,
  },
  listWalletHistories: {
    method: 'GET',
    path: '/wallets/{wallet_no}/histories',
    summary: 'Ledger entries of the wallet in the period, newest first',
    access: wallet(ALL_ROLES),
    params: s.walletParamsSchema,
    query: s.historiesQuerySchema,
    response: s.historiesResponseSchema,
  },
  listRequestedRefunds: {
    method: 'GET',
    path: '/wallets/{wallet_no}/refunds',
    summary: 'Refund amounts still requested, per coin',
    access: wallet(ALL_ROLES),
    params: s.walletParamsSchema,
    response: s.requestedRefundsResponseSchema,
  },
  listNotices: {
    method: 'GET',
    path: '/notices',
    summary: 'Dashboard notices (the default notice address)',
    access: publicAccess,
    response: s.noticesResponseSchema,
  },
} as const satisfies Record<string, CallDef>;

export type CallId = keyof typeof CALLS;
export type CallResponse<K extends CallId> = z.infer<(typeof CALLS)[K]['response']>;

/** `/merchants/{id}` → `/merchants/1` */
export function callPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
