import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleStepUp, requestStepUp } from './stepUp';

const removals: (() => void)[] = [];
const STAFF = { purpose: 'staff', merchantId: 1 } as const;
afterEach(() => {
  for (const remove of removals.splice(0)) remove();
  vi.useRealTimers();
});

describe('requestStepUp', () => {
  it('waits for the dialog when the refusal comes before it has loaded, then asks it once', async () => {
    const asked = requestStepUp(STAFF, 5_000);
    const prompt = vi.fn(async () => 'proof-1');
    removals.push(handleStepUp(prompt));
    await expect(asked).resolves.toBe('proof-1');
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('passes the refusal on when no dialog registers in time', async () => {
    vi.useFakeTimers();
    const asked = requestStepUp(STAFF, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(asked).resolves.toBeNull();
  });

  it('asks a registered dialog at once, one prompt for refusals waiting together', async () => {
    const answers: ((proof: string | null) => void)[] = [];
    const prompt = vi.fn(() => new Promise<string | null>((resolve) => answers.push(resolve)));
    removals.push(handleStepUp(prompt));
    const first = requestStepUp(STAFF);
    const second = requestStepUp(STAFF);
    // Another change (another purpose) is asked for on its own: its proof allows only it.
    const bank = requestStepUp({ purpose: 'bank_account', merchantId: 1 });
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledTimes(2));
    expect(prompt.mock.calls).toEqual([[STAFF], [{ purpose: 'bank_account', merchantId: 1 }]]);
    answers[0]?.('proof-1');
    answers[1]?.('proof-2');
    await expect(Promise.all([first, second, bank])).resolves.toEqual(['proof-1', 'proof-1', 'proof-2']);
  });
});
