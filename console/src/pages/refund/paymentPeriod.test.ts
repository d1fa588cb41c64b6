import { describe, expect, it } from 'vitest';
import { recentPeriod, refundAmountProblem } from './paymentPeriod';

describe('recentPeriod', () => {
  it('ends on today in Asia/Tokyo and spans the given days', () => {
    // 2025-04-30 16:00 UTC is 2025-05-01 01:00 in Tokyo.
    expect(recentPeriod(30, new Date('2025-04-30T16:00:00Z'))).toEqual({ from: '2025-04-02', to: '2025-05-01' });
    expect(recentPeriod(1, new Date('2025-04-30T14:59:00Z'))).toEqual({ from: '2025-04-30', to: '2025-04-30' });
  });
});

describe('refundAmountProblem', () => {
  it.each([
    ['', 'required'],
    [0, 'required'],
    [-5, 'required'],
    [1.5, 'required'],
    [1, null],
    [1000, null],
    [1001, 'over'],
  ] as const)('%s of a 1,000 payment → %s', (amount, expected) => {
    expect(refundAmountProblem(amount, 1000)).toBe(expected);
  });
});
