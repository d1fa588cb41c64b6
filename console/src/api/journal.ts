import type { CallRequestBody, JournalAccountsResponse } from '@coin/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { loadCallSchemas } from './client';
import { api } from './instance';

/* The journal export's account names (/download, report 仕訳データ（弥生会計）). */

export type JournalAccountsBody = CallRequestBody<'updateJournalAccounts'>;

export const journalAccountKeys = {
  all: ['journalAccounts'] as const,
  detail: (merchantId: number) => [...journalAccountKeys.all, merchantId] as const,
};

/** GET /merchants/{id}/journal_accounts: the names the journal books under (the defaults until an Owner sets some). */
export const getJournalAccounts = (merchantId: number, signal?: AbortSignal) =>
  api.call('getJournalAccounts', { params: { id: merchantId }, signal });

/** PUT /merchants/{id}/journal_accounts (Owner): all six names at once; answers them as saved. */
export const updateJournalAccounts = (merchantId: number, body: JournalAccountsBody) =>
  api.call('updateJournalAccounts', { params: { id: merchantId }, body });

export const journalAccountQueries = {
  detail: (merchantId: number) =>
    queryOptions({
      queryKey: journalAccountKeys.detail(merchantId),
      queryFn: ({ signal }) => getJournalAccounts(merchantId, signal),
    }),
};

/** The contract's schema of the request body: the form refuses exactly what the server would, with its messages. */
export const loadJournalAccountsSchema = () => loadCallSchemas().then(({ CALLS }) => CALLS.updateJournalAccounts.body);

/** The answer is the new state: it goes into the cache at once, and the entry is refetched after. */
export const journalAccountMutations = {
  update: (queryClient: QueryClient, merchantId: number) => ({
    mutationFn: (body: JournalAccountsBody) => updateJournalAccounts(merchantId, body),
    onSuccess: (answer: JournalAccountsResponse) =>
      queryClient.setQueryData(journalAccountKeys.detail(merchantId), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalAccountKeys.all }),
  }),
};

export function useUpdateJournalAccounts(merchantId: number) {
  return useMutation(journalAccountMutations.update(useQueryClient(), merchantId));
}
