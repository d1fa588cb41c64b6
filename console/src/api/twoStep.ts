import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';
import { passkeyRegistration } from './webauthn';

/*
 * Two-step sign-in (issue 24): the signed-in user's own factors (GET/POST/PUT/DELETE
 * /identities/{id}/two_step…) and the Owner's requirement of the staff (GET/PUT /merchants/{id}/two_step).
 * Every change is a step-up call: the API client asks the shell's StepUpDialog and sends it again.
 */

export const twoStepKeys = {
  all: ['twoStep'] as const,
  details: () => [...twoStepKeys.all, 'detail'] as const,
  detail: (userId: number) => [...twoStepKeys.details(), userId] as const,
  merchants: () => [...twoStepKeys.all, 'merchant'] as const,
  merchant: (merchantId: number) => [...twoStepKeys.merchants(), merchantId] as const,
};

/** GET /identities/{id}/two_step: the user's factors, recovery codes left and the merchants that require them. */
export const getTwoStepStatus = (userId: number, signal?: AbortSignal) =>
  api.call('getTwoStep', { params: { id: userId }, signal });

export const twoStepQueries = {
  status: (userId: number) =>
    queryOptions({ queryKey: twoStepKeys.detail(userId), queryFn: ({ signal }) => getTwoStepStatus(userId, signal) }),
  merchant: (merchantId: number) =>
    queryOptions({
      queryKey: twoStepKeys.merchant(merchantId),
      queryFn: ({ signal }) => api.call('getMerchantTwoStep', { params: { id: merchantId }, signal }),
    }),
};

/** A factor changed: the user's status, and the staff counts of the Owner's merchants (staff_without). */
function useTwoStepInvalidation() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoStepKeys.all });
}

/** POST /identities/{id}/two_step/totp: a new secret and its otpauth URI (in use once confirmed). */
export function useStartTotp(userId: number) {
  const invalidate = useTwoStepInvalidation();
  return useMutation({
    mutationFn: () => api.call('startTotp', { params: { id: userId } }),
    onSettled: invalidate,
  });
}

/** PUT /identities/{id}/two_step/totp: the app's code confirms it; a first factor answers its recovery codes. */
export function useConfirmTotp(userId: number) {
  const invalidate = useTwoStepInvalidation();
  return useMutation({
    mutationFn: (code: string) => api.call('confirmTotp', { params: { id: userId }, body: { code } }),
    onSettled: invalidate,
  });
}

/** DELETE /identities/{id}/two_step/totp. */
export function useDeleteTotp(userId: number) {
  const invalidate = useTwoStepInvalidation();
  return useMutation({
    mutationFn: () => api.call('deleteTotp', { params: { id: userId } }),
    onSettled: invalidate,
  });
}

/**
 * A new passkey: the creation options (the step-up is asked here, before the browser's prompt), the
 * browser's ceremony, then POST /identities/{id}/two_step/passkeys with its answer and the name given.
 */
export function useAddPasskey(userId: number) {
  const invalidate = useTwoStepInvalidation();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await api.call('passkeyRegistrationOptions', { params: { id: userId } });
      const response = await passkeyRegistration(options);
      return api.call('registerPasskey', { params: { id: userId }, body: { name, response } });
    },
    onSettled: invalidate,
  });
}

/** DELETE /identities/{id}/two_step/passkeys/{passkey_id}. */
export function useDeletePasskey(userId: number) {
  const invalidate = useTwoStepInvalidation();
  return useMutation({
    mutationFn: (passkeyId: number) => api.call('deletePasskey', { params: { id: userId, passkey_id: passkeyId } }),
    onSettled: invalidate,
  });
}

/**
 * POST /identities/{id}/two_step/recovery_codes: ten new codes, shown once (`onCodes`, whatever the
 * caller of `mutate` does); the old ones stop working.
 */
export function useRegenerateRecoveryCodes(userId: number, onCodes: (codes: string[]) => void) {
  const invalidate = useTwoStepInvalidation();
  return useMutation({
    mutationFn: () => api.call('regenerateRecoveryCodes', { params: { id: userId } }),
    onSuccess: (answer) => onCodes(answer.recovery_codes),
    onSettled: invalidate,
  });
}

/** PUT /merchants/{id}/two_step (Owner): require two-step sign-in of the staff, or stop requiring it. */
export function usePutMerchantTwoStep(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      api.call('putMerchantTwoStep', { params: { id: merchantId }, body: { required } }),
    onSuccess: (answer) => queryClient.setQueryData(twoStepKeys.merchant(merchantId), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoStepKeys.all }),
  });
}
