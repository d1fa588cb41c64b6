import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';

/*
 * The signed-in user's own sign-ins (issue 48, ログイン中の端末): GET /sessions, DELETE
 * /sessions/{sign_in_id}, POST /sessions/current/end_others. The server answers for the caller only, and
 * the query cache is cleared when the session ends, so the keys need no user.
 */

export const signInKeys = {
  all: ['signIns'] as const,
  lists: () => [...signInKeys.all, 'list'] as const,
  list: () => [...signInKeys.lists()] as const,
};

export const signInQueries = {
  /** The sign-ins that have not ended, newest use first; the one this request is made with is `current`. */
  list: () =>
    queryOptions({ queryKey: signInKeys.list(), queryFn: ({ signal }) => api.call('listSignIns', { signal }) }),
};

/** Whatever ended, the list is read again: another tab or device may have ended some meanwhile. */
function useSignInsInvalidation() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: signInKeys.all });
}

/** DELETE /sessions/{sign_in_id}: that sign-in (every tab of it) ends; answers how many ended. */
export function useEndSignIn() {
  const invalidate = useSignInsInvalidation();
  return useMutation({
    mutationFn: (signInId: string) => api.call('endSignIn', { params: { sign_in_id: signInId } }),
    onSettled: invalidate,
  });
}

/** POST /sessions/current/end_others: every sign-in but this one ends; answers how many ended. */
export function useEndOtherSignIns() {
  const invalidate = useSignInsInvalidation();
  return useMutation({
    mutationFn: () => api.call('endOtherSignIns'),
    onSettled: invalidate,
  });
}
