import { describe, expect, it } from 'vitest';
import { monthBounds } from './feeMonth';

describe('monthBounds', () => {
  it.each([
    ['202504', '2025-04-01', '2025-04-30'],
    ['202412', '2024-12-01', '2024-12-31'],
    ['202402', '2024-02-01', '2024-02-29'],
    ['202502', '2025-02-01', '2025-02-28'],
  ])('%s → %s..%s', (month, from, to) => {
    expect(monthBounds(month)).toEqual({ from, to });
  });
});
