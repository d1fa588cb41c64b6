import { IDLE_WARNING_MS } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import {
  announceNow,
  deadlineOf,
  LOOK_AGAIN_MS,
  lookAgainIn,
  phaseAt,
  secondsLeft,
  TOUCH_EVERY_MS,
  touched,
  touchOnInput,
} from './idleTimer';

const T0 = Date.UTC(2026, 11, 1, 1, 0, 0);
const MINUTE = 60_000;
/** A sign-in touched at T0 in a shop of 15 minutes. */
const clock = touched(null, T0, 15);
const DEADLINE = T0 + 15 * MINUTE;

describe('the idle guard clock (issue 48)', () => {
  it('ends the sign-in the shop allows after the touch the server answered', () => {
    expect(deadlineOf(clock)).toBe(DEADLINE);
  });

  it.each([
    ['just after the touch', T0 + 1, 'active'],
    ['a moment before the warning', DEADLINE - IDLE_WARNING_MS - 1, 'active'],
    ['one minute before the deadline', DEADLINE - IDLE_WARNING_MS, 'warning'],
    ['a moment before the deadline', DEADLINE - 1, 'warning'],
    ['at the deadline', DEADLINE, 'expired'],
    ['long after it (a laptop woken from sleep)', DEADLINE + 3 * 60 * MINUTE, 'expired'],
  ] as const)('%s: %s', (_, now, phase) => {
    expect(phaseAt(clock, now)).toBe(phase);
  });

  it('counts down whole seconds, never below zero', () => {
    expect(secondsLeft(clock, DEADLINE - IDLE_WARNING_MS)).toBe(60);
    expect(secondsLeft(clock, DEADLINE - 59_500)).toBe(60);
    expect(secondsLeft(clock, DEADLINE - 1_000)).toBe(1);
    expect(secondsLeft(clock, DEADLINE + 5_000)).toBe(0);
  });

  it('a later touch moves the deadline; an answer arriving out of order does not move it back', () => {
    const later = touched(clock, T0 + 10 * MINUTE, 15);
    expect(deadlineOf(later)).toBe(T0 + 25 * MINUTE);
    expect(phaseAt(later, DEADLINE)).toBe('active');
    expect(deadlineOf(touched(later, T0 + 5 * MINUTE, 15))).toBe(T0 + 25 * MINUTE);
  });

  it("takes the Owner's new minutes with the next touch", () => {
    expect(deadlineOf(touched(clock, T0 + MINUTE, 5))).toBe(T0 + 6 * MINUTE);
  });

  it('touches on input at most once a minute', () => {
    expect(touchOnInput(clock, T0, T0 + TOUCH_EVERY_MS - 1)).toBe(false);
    expect(touchOnInput(clock, T0, T0 + TOUCH_EVERY_MS)).toBe(true);
    expect(touchOnInput(null, null, T0)).toBe(true);
    expect(touchOnInput(null, T0, T0 + 1_000)).toBe(false);
  });

  it('input does not touch once the warning shows (only its button keeps the sign-in)', () => {
    expect(touchOnInput(clock, T0, DEADLINE - IDLE_WARNING_MS - 1)).toBe(true);
    expect(touchOnInput(clock, T0, DEADLINE - IDLE_WARNING_MS)).toBe(false);
    expect(touchOnInput(clock, T0, DEADLINE)).toBe(false);
  });

  it('looks again at the warning, then at the deadline, and at least every LOOK_AGAIN_MS', () => {
    expect(lookAgainIn(clock, T0)).toBe(LOOK_AGAIN_MS);
    expect(lookAgainIn(clock, DEADLINE - IDLE_WARNING_MS - 2_000)).toBe(2_000);
    expect(lookAgainIn(clock, DEADLINE - 3_000)).toBe(3_000);
    expect(lookAgainIn(clock, DEADLINE + 1)).toBe(0);
  });

  it('announces the countdown as the warning opens and at a few marks, not each second', () => {
    const said: number[] = [];
    let last: number | null = null;
    for (let seconds = 60; seconds >= 1; seconds -= 1) {
      if (announceNow(last, seconds)) {
        said.push(seconds);
        last = seconds;
      }
    }
    expect(said).toEqual([60, 30, 10]);
    // A warning first seen late (the tab was asleep) is announced as it is.
    expect(announceNow(null, 42)).toBe(true);
  });
});
