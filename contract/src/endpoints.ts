import { ALL_ROLES, OWNER_ONLY, type Role } from './roles';

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

/** Where a call goes and who may make it; its summary and schemas are in `CALLS` (calls.ts). */
export interface CallEndpoint {
  method: HttpMethod;
  /** Relative to the API base URL, OpenAPI style (`/merchants/{id}`). */
  path: string;
  access: CallAccess;
  /** The call answers a fresh `Authorization` header. */
  issuesAuthorization?: boolean;
}

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
