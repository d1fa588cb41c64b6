import { describe, expect, it } from 'vitest';
import { groupedInteger } from './numberText';

describe('groupedInteger', () => {
  it("writes whole numbers exactly as ja-JP's number format does", () => {
    const samples = [0, 1, 12, 123, 1234, 12345, 123456, 1234567, 10_000_000, 999_999_999, -1, -999, -1000, -1234567];
    samples.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
    for (const value of samples) expect(groupedInteger(value)).toBe(value.toLocaleString('ja-JP'));
  });

  it('leaves fractions, -0 and numbers beyond the safe integers to Intl', () => {
    for (const value of [1234.5, -0.25, -0, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY])
      expect(groupedInteger(value)).toBe(value.toLocaleString('ja-JP'));
  });
});
