import { describe, expect, it } from 'vitest';
import { recentPeriod } from './paymentPeriod';

describe('recentPeriod', () => {
  it('ends on today in Asia/Tokyo and spans the given days', () => {
    // 2025-04-30 16:00 UTC is 2025-05-01 01:00 in Tokyo.
    expect(recentPeriod(30, new Date('2025-04-30T16:00:00Z'))).toEqual({ from: '2025-04-02', to: '2025-05-01' });
    expect(recentPeriod(1, new Date('2025-04-30T14:59:00Z'))).toEqual({ from: '2025-04-30', to: '2025-04-30' });
  });
});
