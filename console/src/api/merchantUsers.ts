import type { CallRequestBody } from '@coin/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getIdentityEmail } from './identities';
import { api } from './instance';
import { toMerchantUserRows, userIdsNeedingLookup } from './merchantUserRows';

export const merchantUserKeys = {
  all: ['merchantUsers'] as const,
  lists: () => [...merchantUserKeys.all, 'list'] as const,
  list: (merchantId: number, page?: number) =>
    page === undefined
      ? ([...merchantUserKeys.lists(), merchantId] as const)
      : ([...merchantUserKeys.lists(), merchantId, page] as const),
  detail: (merchantId: number, userId: number) => [...merchantUserKeys.all, 'detail', merchantId, userId] as const,
};

/** Users a page: a staff list fits one page in all but the largest shops. */
export const MERCHANT_USER_PAGE_SIZE = 50;

/**
 * GET /merchants/{id}/users (one page), then GET /identities/{id}/email in parallel for each distinct
 * user of the page without an email. Any failure rejects (§8: passed to the caller).
 */
export async function listMerchantUsers(merchantId: number, page: number, signal?: AbortSignal) {
  const answer = await api.call('listMerchantUsers', {
    params: { id: merchantId },
    query: { limit: MERCHANT_USER_PAGE_SIZE, offset: page },
    signal,
  });
  const identities = await Promise.all(
    userIdsNeedingLookup(answer.items).map((userId) => getIdentityEmail(userId, signal)),
  );
  return { ...answer, items: toMerchantUserRows(answer.items, identities, new Date()) };
}

export const merchantUserQueries = {
  list: (merchantId: number, page = 1) =>
    queryOptions({
      queryKey: merchantUserKeys.list(merchantId, page),
      queryFn: ({ signal }) => listMerchantUsers(merchantId, page, signal),
    }),
};

/** The merchant's user list is refetched after every change, whatever the caller's own callbacks do. */
function useListInvalidation(merchantId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: merchantUserKeys.list(merchantId) });
}

/** POST /merchants/{id}/users: the user is INACTIVE until the mailed invitation is accepted. */
export function useInviteMerchantUser(merchantId: number) {
  const invalidate = useListInvalidation(merchantId);
  return useMutation({
    mutationFn: (body: CallRequestBody<'inviteMerchantUser'>) =>
      api.call('inviteMerchantUser', { params: { id: merchantId }, body }),
    onSettled: invalidate,
  });
}

/** PATCH /merchants/{id}/users/{user_id}: either an edit of name and role, or a change of status (suspend / activate). */
export function useUpdateMerchantUser(merchantId: number) {
  const invalidate = useListInvalidation(merchantId);
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: CallRequestBody<'updateMerchantUser'> }) =>
      api.call('updateMerchantUser', { params: { id: merchantId, user_id: userId }, body }),
    onSettled: invalidate,
  });
}

/** PUT /merchants/{id}/users/{user_id}/invitation: a new link and expiry; earlier links stop working. */
export function useResendMerchantUserInvitation(merchantId: number) {
  const invalidate = useListInvalidation(merchantId);
  return useMutation({
    mutationFn: (userId: number) =>
      api.call('resendMerchantUserInvitation', { params: { id: merchantId, user_id: userId } }),
    onSettled: invalidate,
  });
}
