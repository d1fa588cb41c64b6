import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';

/*
 * Inactivity (issue 48): the sign-in's use (POST /sessions/current/activity) and the Owner's minutes a
 * sign-in to the shop may stay unused (GET/PUT /merchants/{id}/idle_timeout). The PUT is a step-up call:
 * the API client asks the shell's StepUpDialog and sends it again.
 */

export const idleTimeoutKeys = {
  all: ['idleTimeout'] as const,
  merchants: () => [...idleTimeoutKeys.all, 'merchant'] as const,
  merchant: (merchantId: number) => [...idleTimeoutKeys.merchants(), merchantId] as const,
};

/** POST /sessions/current/activity: the user is active; answers the minutes and when the sign-in ends if unused. */
export const touchSession = () => api.call('touchSession');

export const idleTimeoutQueries = {
  merchant: (merchantId: number) =>
    queryOptions({
      queryKey: idleTimeoutKeys.merchant(merchantId),
      queryFn: ({ signal }) => api.call('getIdleTimeout', { params: { id: merchantId }, signal }),
    }),
};

/** PUT /merchants/{id}/idle_timeout (Owner): the shop's sign-ins take the new minutes at once. */
export function usePutIdleTimeout(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => api.call('putIdleTimeout', { params: { id: merchantId }, body: { minutes } }),
    onSuccess: (answer) => queryClient.setQueryData(idleTimeoutKeys.merchant(merchantId), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: idleTimeoutKeys.all }),
  });
}
