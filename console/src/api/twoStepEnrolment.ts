import { navigateTo } from '@/app/navigation';

/**
 * Issue 24: a merchant that requires two-step sign-in refuses the calls of a user without a second factor
 * (403 `two_step_enrolment_required`). The API client reports each refusal here; the user is taken to the
 * account page of two-step sign-in (the contract's route TwoStep), which says why and, once a factor is
 * enrolled, goes back to Top.
 */
export const TWO_STEP_PATH = '/twoStep';

let required = false;
const listeners = new Set<() => void>();

const setRequired = (next: boolean) => {
  if (required === next) return;
  required = next;
  for (const listener of listeners) listener();
};

/** The client's handler of the refusal: remember why, and go to the account page (once). */
export function twoStepEnrolmentRequired(): void {
  setRequired(true);
  if (typeof window !== 'undefined' && window.location.pathname !== TWO_STEP_PATH) navigateTo(TWO_STEP_PATH);
}

/** Whether a merchant call was refused for want of a second factor since the last enrolment. */
export const enrolmentRequired = (): boolean => required;

/** A factor was enrolled: the refusals are answered. */
export const clearEnrolmentRequired = (): void => setRequired(false);

/** For useSyncExternalStore. */
export function subscribeEnrolmentRequired(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
