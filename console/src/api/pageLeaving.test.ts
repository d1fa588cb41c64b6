import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVING_WINDOW_MS, trackPageLeaving } from './pageLeaving';

describe('trackPageLeaving', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is leaving from beforeunload until the window passes or the page is shown again', () => {
    const target = new EventTarget();
    const isLeaving = trackPageLeaving(target as unknown as Window);
    expect(isLeaving()).toBe(false);
    target.dispatchEvent(new Event('beforeunload'));
    expect(isLeaving()).toBe(true);
    vi.advanceTimersByTime(LEAVING_WINDOW_MS);
    expect(isLeaving()).toBe(false);

    target.dispatchEvent(new Event('beforeunload'));
    target.dispatchEvent(new Event('pageshow'));
    expect(isLeaving()).toBe(false);
  });
});
