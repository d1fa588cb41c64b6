import type { z } from 'zod';
import { type CallEndpoint, type CallId, CALL_ENDPOINTS as E } from './endpoints';
import * as s from './schemas';

export interface CallDef extends CallEndpoint {
  /** One line for the OpenAPI document. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Refusals a public call answers beyond 400, for the OpenAPI document (status → description). */
  publicRefusals?: Readonly<Record<string, string>>;
}

/** Every call of the wallet service: its endpoint (endpoints.ts) with its summary and zod schemas. */
export const CALLS = {
  createMerchantSession: {
    ...E.createMerchantSession,
    summary: 'Sign in with email and password',
    body: s.merchantSessionBodySchema,
    response: s.merchantSessionResponseSchema,
    publicRefusals: { '401': '`invalid_credentials`: unknown email or wrong password (the same answer for both)' },
  },
  refreshSession: {
    ...E.refreshSession,
    summary: 'Rotate the reauth token and obtain a fresh authorization',
    body: s.refreshBodySchema,
    response: s.refreshResponseSchema,
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
  listMerchantUsers: {
    ...E.listMerchantUsers,
    summary: "The merchant's users",
    params: s.merchantParamsSchema,
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
    summary: 'Ledger entries of the wallet in the period, newest first',
    params: s.walletParamsSchema,
    query: s.historiesQuerySchema,
    response: s.historiesResponseSchema,
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
} as const satisfies Record<CallId, CallDef>;

export type CallResponse<K extends CallId> = z.infer<(typeof CALLS)[K]['response']>;
