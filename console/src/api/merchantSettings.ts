import type { BankAccountBody, CallRequestBody, CallResponse, RebateCoinSettings } from '@coin/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { loadCallSchemas } from './client';
import { api } from './instance';

/* The Owner's merchant settings (MerchantRebateCoin, MerchantBankAccount) and the payment QR code (QRCode). */

/** `coin_id: null` with `rate_bp: 0` is no rebate. */
export type UpdateRebateCoinBody = CallRequestBody<'updateRebateCoin'>;
export type BankAccountAnswer = CallResponse<'putBankAccount'>;

export const rebateCoinKeys = {
  all: ['rebateCoin'] as const,
  details: () => [...rebateCoinKeys.all, 'detail'] as const,
  detail: (merchantId: number) => [...rebateCoinKeys.details(), merchantId] as const,
};

export const bankAccountKeys = {
  all: ['bankAccount'] as const,
  details: () => [...bankAccountKeys.all, 'detail'] as const,
  detail: (merchantId: number) => [...bankAccountKeys.details(), merchantId] as const,
};

/** The Zengin code list: banks and their branches (the list is the same for every merchant). */
export const zenginKeys = {
  all: ['zengin'] as const,
  bank: (bankCode: string) => [...zenginKeys.all, 'bank', bankCode] as const,
  branch: (bankCode: string, branchCode: string) => [...zenginKeys.all, 'branch', bankCode, branchCode] as const,
  bankSearch: (q: string) => [...zenginKeys.all, 'bankSearch', q] as const,
  branchSearch: (bankCode: string, q: string) => [...zenginKeys.all, 'branchSearch', bankCode, q] as const,
};

export const merchantQrKeys = {
  all: ['merchantQr'] as const,
  details: () => [...merchantQrKeys.all, 'detail'] as const,
  detail: (merchantId: number) => [...merchantQrKeys.details(), merchantId] as const,
};

/** GET /merchants/{id}/rebatecoins: the coin and rate customers get back, the coins to choose from, the limits. */
export const getRebateCoin = (merchantId: number, signal?: AbortSignal) =>
  api.call('getRebateCoin', { params: { id: merchantId }, signal });

/** PATCH /merchants/{id}/rebatecoins: `coin_id: null` (with rate 0) gives no rebate. */
export const updateRebateCoin = (merchantId: number, body: UpdateRebateCoinBody) =>
  api.call('updateRebateCoin', { params: { id: merchantId }, body });

/** GET /merchants/{id}/bank_account: the payout account with its number masked, or `account: null`. */
export const getBankAccount = (merchantId: number, signal?: AbortSignal) =>
  api.call('getBankAccount', { params: { id: merchantId }, signal });

/** PUT /merchants/{id}/bank_account: registers or replaces the payout account; answers it masked. */
export const putBankAccount = (merchantId: number, body: BankAccountBody) =>
  api.call('putBankAccount', { params: { id: merchantId }, body });

/** GET /merchants/{id}/banks/{bank_code}: the bank's name, or 404 when the code list has no such bank. */
export const lookupBank = (merchantId: number, bankCode: string, signal?: AbortSignal) =>
  api.call('lookupBank', { params: { id: merchantId, bank_code: bankCode }, signal });

/** GET /merchants/{id}/banks/{bank_code}/branches/{branch_code}: the branch's name, or 404. */
export const lookupBranch = (merchantId: number, bankCode: string, branchCode: string, signal?: AbortSignal) =>
  api.call('lookupBranch', { params: { id: merchantId, bank_code: bankCode, branch_code: branchCode }, signal });

/** GET /merchants/{id}/banks?q=: banks by name, reading, romaji or the first digits of the code, best first. */
export const searchBanks = (merchantId: number, q: string, signal?: AbortSignal) =>
  api.call('searchBanks', { params: { id: merchantId }, query: { q }, signal });

/** GET /merchants/{id}/banks/{bank_code}/branches?q=: the bank's branches, searched the same way. */
export const searchBranches = (merchantId: number, bankCode: string, q: string, signal?: AbortSignal) =>
  api.call('searchBranches', { params: { id: merchantId, bank_code: bankCode }, query: { q }, signal });

/** GET /identities/{id}/qr (`id` is the merchant): the URL the payment QR code encodes. */
export const getMerchantQr = (merchantId: number, signal?: AbortSignal) =>
  api.call('getMerchantQr', { params: { id: merchantId }, signal });

/** GET /identities/{id}/qr/download: the code as a PNG, to be read as a file (api/download.ts). */
export const openMerchantQrPng = (merchantId: number, signal?: AbortSignal) =>
  api.open('downloadMerchantQr', { params: { id: merchantId }, ...(signal ? { signal } : {}) });

/** GET /identities/{id}/qr/poster: an A4 poster with the code as a PDF, to be read as a file. */
export const openMerchantQrPoster = (merchantId: number, signal?: AbortSignal) =>
  api.open('downloadMerchantQrPoster', { params: { id: merchantId }, ...(signal ? { signal } : {}) });

/**
 * The contract's schemas of the two request bodies, from the call schemas chunk (already loaded by the
 * time a form shows: its data was parsed with it). The forms check with them, so they refuse exactly
 * what the server would, with the same messages.
 */
export const loadSettingsBodySchemas = () =>
  loadCallSchemas().then(({ CALLS }) => ({
    rebateCoin: CALLS.updateRebateCoin.body,
    bankAccount: CALLS.putBankAccount.body,
  }));
export type SettingsBodySchemas = Awaited<ReturnType<typeof loadSettingsBodySchemas>>;

export const rebateCoinQueries = {
  detail: (merchantId: number) =>
    queryOptions({
      queryKey: rebateCoinKeys.detail(merchantId),
      queryFn: ({ signal }) => getRebateCoin(merchantId, signal),
    }),
};

export const bankAccountQueries = {
  detail: (merchantId: number) =>
    queryOptions({
      queryKey: bankAccountKeys.detail(merchantId),
      queryFn: ({ signal }) => getBankAccount(merchantId, signal),
    }),
};

/** The code list changes a few times a year: a name looked up once stays for the visit. */
const ZENGIN_STALE_MS = 60 * 60 * 1000;

export const zenginQueries = {
  bank: (merchantId: number, bankCode: string) =>
    queryOptions({
      queryKey: zenginKeys.bank(bankCode),
      queryFn: ({ signal }) => lookupBank(merchantId, bankCode, signal),
      staleTime: ZENGIN_STALE_MS,
    }),
  branch: (merchantId: number, bankCode: string, branchCode: string) =>
    queryOptions({
      queryKey: zenginKeys.branch(bankCode, branchCode),
      queryFn: ({ signal }) => lookupBranch(merchantId, bankCode, branchCode, signal),
      staleTime: ZENGIN_STALE_MS,
    }),
  bankSearch: (merchantId: number, q: string) =>
    queryOptions({
      queryKey: zenginKeys.bankSearch(q),
      queryFn: ({ signal }) => searchBanks(merchantId, q, signal),
      staleTime: ZENGIN_STALE_MS,
    }),
  branchSearch: (merchantId: number, bankCode: string, q: string) =>
    queryOptions({
      queryKey: zenginKeys.branchSearch(bankCode, q),
      queryFn: ({ signal }) => searchBranches(merchantId, bankCode, q, signal),
      staleTime: ZENGIN_STALE_MS,
    }),
};

export const merchantQrQueries = {
  detail: (merchantId: number) =>
    queryOptions({
      queryKey: merchantQrKeys.detail(merchantId),
      queryFn: ({ signal }) => getMerchantQr(merchantId, signal),
    }),
};

/**
 * The settings mutations as options (testable with a QueryClient alone): the answer is the new state,
 * so it goes into the cache at once, and the entry is refetched whatever the caller's callbacks do.
 */
export const settingsMutations = {
  updateRebateCoin: (queryClient: QueryClient, merchantId: number) => ({
    mutationFn: (body: UpdateRebateCoinBody) => updateRebateCoin(merchantId, body),
    onSuccess: (settings: RebateCoinSettings) => queryClient.setQueryData(rebateCoinKeys.detail(merchantId), settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rebateCoinKeys.all }),
  }),
  putBankAccount: (queryClient: QueryClient, merchantId: number) => ({
    mutationFn: (body: BankAccountBody) => putBankAccount(merchantId, body),
    onSuccess: (answer: BankAccountAnswer) => queryClient.setQueryData(bankAccountKeys.detail(merchantId), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.all }),
  }),
};

export function useUpdateRebateCoin(merchantId: number) {
  return useMutation(settingsMutations.updateRebateCoin(useQueryClient(), merchantId));
}

export function usePutBankAccount(merchantId: number) {
  return useMutation(settingsMutations.putBankAccount(useQueryClient(), merchantId));
}
