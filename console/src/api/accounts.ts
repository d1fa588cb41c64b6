import { type CallRequestBody, REQUESTER } from '@coin/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { identityKeys } from './identities';
import { api } from './instance';

/** The mailed-link calls and the signed-in user's own account calls. */
export const accountKeys = {
  all: ['accounts'] as const,
  invitation: (token: string) => [...accountKeys.all, 'invitation', token] as const,
  emailVerification: (token: string) => [...accountKeys.all, 'emailVerification', token] as const,
};

/** A mailed link is opened once: its call is never repeated by focus, reconnect or retry. */
const ONCE = { retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const accountQueries = {
  /** PUT /invitations/merchants/{token}: the invitation, with fresh email and password tokens. */
  invitation: (token: string) =>
    queryOptions({
      queryKey: accountKeys.invitation(token),
      queryFn: ({ signal }) => api.call('verifyInvitation', { params: { token }, signal }),
      ...ONCE,
    }),
  /** POST /verifications/email: confirms the new address the link was mailed to. */
  emailVerification: (token: string) =>
    queryOptions({
      queryKey: accountKeys.emailVerification(token),
      queryFn: ({ signal }) => api.call('verifyEmail', { body: { token }, signal }),
      ...ONCE,
    }),
};

export const activateInvitation = (body: CallRequestBody<'activateInvitation'>) =>
  api.call('activateInvitation', { body });

/** POST /password_reset: the same answer whether or not the address is registered. */
export const requestPasswordReset = (email: string) =>
  api.call('requestPasswordReset', { body: { email, requester: REQUESTER } });

/** POST /password_reset/{token}: a new password (or the first one) from a mailed link. */
export const resetPassword = (token: string, password: string) =>
  api.call('resetPassword', { params: { token }, body: { password } });

export const useChangePassword = (userId: number) =>
  useMutation({
    mutationFn: (body: CallRequestBody<'changePassword'>) =>
      api.call('changePassword', { params: { id: userId }, body }),
  });

/** PUT /identities/{id}/email: the address changes only when the mailed link is followed. */
export function useChangeEmail(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, currentPassword }: { email: string; currentPassword: string }) =>
      api.call('changeEmail', {
        params: { id: userId },
        body: { email, requester: REQUESTER, current_password: currentPassword },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityKeys.detail(userId) }),
  });
}
