import { queryOptions } from '@tanstack/react-query';
import { getIdentityEmail } from './identities';
import { api } from './instance';
import { type MerchantUserRow, toMerchantUserRows, userIdsNeedingLookup } from './merchantUserRows';

export const merchantUserKeys = {
  all: ['merchantUsers'] as const,
  lists: () => [...merchantUserKeys.all, 'list'] as const,
  list: (merchantId: number) => [...merchantUserKeys.lists(), merchantId] as const,
  detail: (merchantId: number, userId: number) => [...merchantUserKeys.all, 'detail', merchantId, userId] as const,
};

/**
 * GET /merchants/{id}/users, then GET /identities/{id}/email in parallel for each distinct user
 * without an email. Any failure rejects (§8: passed to the caller).
 */
export async function listMerchantUsers(merchantId: number, signal?: AbortSignal): Promise<MerchantUserRow[]> {
  const { items } = await api.call('listMerchantUsers', { params: { id: merchantId }, signal });
  const identities = await Promise.all(userIdsNeedingLookup(items).map((userId) => getIdentityEmail(userId, signal)));
  return toMerchantUserRows(items, identities, new Date());
}

export const merchantUserQueries = {
  list: (merchantId: number) =>
    queryOptions({
      queryKey: merchantUserKeys.list(merchantId),
      queryFn: ({ signal }) => listMerchantUsers(merchantId, signal),
    }),
};
