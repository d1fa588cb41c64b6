import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleStepUp, requestStepUp } from './stepUp';

const removals: (() => void)[] = [];
afterEach(() => {
  for (const remove of removals.splice(0)) remove();
  vi.useRealTimers();
});

describe('requestStepUp', () => {
  it('waits for the dialog when the refusal comes before it has loaded, then asks it once', async () => {
    const asked = requestStepUp(5_000);
    const prompt = vi.fn(async () => true);
    removals.push(handleStepUp(prompt));
    await expect(asked).resolves.toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('passes the refusal on when no dialog registers in time', async () => {
    vi.useFakeTimers();
    const asked = requestStepUp(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(asked).resolves.toBe(false);
  });

  it('asks a registered dialog at once, one prompt for refusals waiting together', async () => {
    let answer: (proved: boolean) => void = () => {};
    const prompt = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    removals.push(handleStepUp(prompt));
    const first = requestStepUp();
    const second = requestStepUp();
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
    answer(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
  });
});
