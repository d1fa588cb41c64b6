// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '@/app/navigation';
import {
  clearEnrolmentRequired,
  enrolmentRequired,
  subscribeEnrolmentRequired,
  TWO_STEP_PATH,
  twoStepEnrolmentRequired,
} from './twoStepEnrolment';

vi.mock('@/app/navigation', () => ({ navigateTo: vi.fn() }));

afterEach(() => {
  clearEnrolmentRequired();
  vi.mocked(navigateTo).mockReset();
  window.history.replaceState(null, '', '/');
});

describe('a merchant that requires two-step sign-in refused a call (issue 24)', () => {
  it('takes the user to the two-step page and remembers why, once for several refusals', () => {
    window.history.replaceState(null, '', '/top');
    const listener = vi.fn();
    const unsubscribe = subscribeEnrolmentRequired(listener);
    twoStepEnrolmentRequired();
    expect(navigateTo).toHaveBeenCalledWith(TWO_STEP_PATH);
    expect(enrolmentRequired()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    // The page's own calls refused as well, once it is there: no navigation again.
    window.history.replaceState(null, '', TWO_STEP_PATH);
    twoStepEnrolmentRequired();
    expect(navigateTo).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);

    clearEnrolmentRequired();
    expect(enrolmentRequired()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
