import type { MerchantImageKind, MerchantProfile, MerchantStatus, UpdateMerchantBody } from '@coin/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getConfig } from '@/app/config';
import { session } from '@/session';
import { api } from './instance';
import { merchantKeys } from './merchants';
import { merchantPaymentKeys } from './payments';

/* The merchant's own profile as its Owner edits it (Merchant page): profile, status, images, tags. */

export const merchantProfileKeys = {
  all: ['merchantProfile'] as const,
  details: () => [...merchantProfileKeys.all, 'detail'] as const,
  detail: (merchantId: number) => [...merchantProfileKeys.details(), merchantId] as const,
  tagLists: () => [...merchantProfileKeys.all, 'tags'] as const,
  tags: (merchantId: number) => [...merchantProfileKeys.tagLists(), merchantId] as const,
};

/** GET /merchants/{id}: name, description, address, phone, hours, status, images and tags. */
export const getMerchantProfile = (merchantId: number, signal?: AbortSignal) =>
  api.call('getMerchantProfile', { params: { id: merchantId }, signal });

/** PATCH /merchants/{id}: every field at once (empty strings clear the optional ones). */
export const updateMerchant = (merchantId: number, body: UpdateMerchantBody) =>
  api.call('updateMerchant', { params: { id: merchantId }, body });

/** PATCH /merchants/{id}/status: a CLOSED merchant takes no payments in the app. */
export const updateMerchantStatus = (merchantId: number, status: MerchantStatus) =>
  api.call('updateMerchantStatus', { params: { id: merchantId }, body: { status } });

/** POST /merchants/{id}/thumbnail or /image: multipart with the one field `file`. */
export function uploadMerchantImage(merchantId: number, kind: MerchantImageKind, file: File) {
  const body = new FormData();
  body.append('file', file);
  const call = kind === 'thumbnail' ? 'uploadMerchantThumbnail' : 'uploadMerchantImage';
  return api.call(call, { params: { id: merchantId }, body });
}

/** GET /merchants/{id}/tags: the tags to choose from and the ones the merchant carries. */
export const listMerchantTags = (merchantId: number, signal?: AbortSignal) =>
  api.call('listMerchantTags', { params: { id: merchantId }, signal });

/** POST /merchants/{id}/tags: replaces the merchant's tags. */
export const setMerchantTags = (merchantId: number, tagIds: number[]) =>
  api.call('setMerchantTags', { params: { id: merchantId }, body: { tag_ids: tagIds } });

/** An image path of the profile (`/merchant_images/<sha256>`, relative to the API base URL) as an address. */
export function merchantImageSrc(path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${getConfig().apiBaseUrl.replace(/\/+$/, '')}${path}`;
}

export const merchantProfileQueries = {
  detail: (merchantId: number) =>
    queryOptions({
      queryKey: merchantProfileKeys.detail(merchantId),
      queryFn: ({ signal }) => getMerchantProfile(merchantId, signal),
    }),
  tags: (merchantId: number) =>
    queryOptions({
      queryKey: merchantProfileKeys.tags(merchantId),
      queryFn: ({ signal }) => listMerchantTags(merchantId, signal),
    }),
};

/**
 * What a changed profile changes elsewhere: the page shows the answer at once, the merchant's name
 * changes in the session (header, every page, storage), and the other reads of the merchant — its
 * summary, and the payees other merchants of this user may pay (name, open or closed) — are refetched.
 */
export function profileChanged(
  queryClient: QueryClient,
  profile: MerchantProfile,
  renameMerchant: (merchantId: number, name: string) => void,
): Promise<void> {
  const merchantId = profile.merchant_id;
  queryClient.setQueryData(merchantProfileKeys.detail(merchantId), profile);
  renameMerchant(merchantId, profile.name);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantProfileKeys.detail(merchantId) }),
    queryClient.invalidateQueries({ queryKey: merchantKeys.detail(merchantId) }),
    queryClient.invalidateQueries({ queryKey: merchantPaymentKeys.payees() }),
  ]).then(() => undefined);
}

/** The profile is refetched after any attempt, and a success updates the name everywhere, whatever the caller does. */
function useProfileMutation<V>(merchantId: number, mutationFn: (variables: V) => Promise<MerchantProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => profileChanged(queryClient, profile, session.renameMerchant),
    onError: () => queryClient.invalidateQueries({ queryKey: merchantProfileKeys.detail(merchantId) }),
  });
}

export const useUpdateMerchant = (merchantId: number) =>
  useProfileMutation(merchantId, (body: UpdateMerchantBody) => updateMerchant(merchantId, body));

export const useUpdateMerchantStatus = (merchantId: number) =>
  useProfileMutation(merchantId, (status: MerchantStatus) => updateMerchantStatus(merchantId, status));

export const useUploadMerchantImage = (merchantId: number, kind: MerchantImageKind) =>
  useProfileMutation(merchantId, (file: File) => uploadMerchantImage(merchantId, kind, file));

/** The tag list takes the answer; the profile (which carries the tags) is refetched. */
export function useSetMerchantTags(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: number[]) => setMerchantTags(merchantId, tagIds),
    onSuccess: (answer) => queryClient.setQueryData(merchantProfileKeys.tags(merchantId), answer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantProfileKeys.tags(merchantId) }),
        queryClient.invalidateQueries({ queryKey: merchantProfileKeys.detail(merchantId) }),
      ]),
  });
}
