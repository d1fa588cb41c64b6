import { describe, expect, it } from 'vitest';
import { parseTestClock, shiftedDate, testClockOffset } from './testClock';

describe('the test clock', () => {
  it('reads an instant, with or without the real time it was anchored at, and refuses anything else', () => {
    expect(parseTestClock('2026-12-31T12:00:00+09:00')).toEqual({ start: Date.UTC(2026, 11, 31, 3), anchor: null });
    expect(parseTestClock('2026-12-31T03:00:00.000Z@1764123456789')).toEqual({
      start: Date.UTC(2026, 11, 31, 3),
      anchor: 1764123456789,
    });
    for (const bad of ['', 'tomorrow', '2026-13-45', '2026-12-31@12'])
      expect(() => parseTestClock(bad)).toThrow(/TEST_CLOCK/);
  });

  it('runs ahead by the distance from the anchor (or from now when not anchored)', () => {
    const start = Date.UTC(2028, 1, 29, 3);
    expect(testClockOffset({ start, anchor: null }, start - 5_000)).toBe(5_000);
    expect(testClockOffset({ start, anchor: start + 60_000 }, 0)).toBe(-60_000);
  });

  it('moves now, and nothing built from a value', () => {
    const offset = 400 * 86_400_000;
    const Shifted = shiftedDate(Date, offset);
    const before = Date.now();
    const moved = new Shifted().getTime();
    const after = Date.now();
    expect(moved).toBeGreaterThanOrEqual(before + offset);
    expect(moved).toBeLessThanOrEqual(after + offset);
    expect(Shifted.now() - Date.now()).toBeGreaterThanOrEqual(offset - 5);
    expect(new Shifted(0).getTime()).toBe(0);
    expect(new Shifted('2026-02-28T00:00:00Z').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(Shifted.UTC(2026, 0, 1)).toBe(Date.UTC(2026, 0, 1));
    expect(Shifted.parse('2026-01-01T00:00:00Z')).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(new Shifted()).toBeInstanceOf(Date);
    expect(new Date(0)).toBeInstanceOf(Shifted);
    // Date() answers a string of seconds: within a second of the shifted now.
    expect(Math.abs(Date.parse(Shifted()) - Shifted.now())).toBeLessThan(2_000);
  });
});
