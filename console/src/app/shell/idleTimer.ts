import { IDLE_WARNING_MS } from '@coin/contract';

/*
 * The idle guard's timing (issue 48), as pure functions of timestamps (Date.now()), never of counted
 * ticks: a timer held back by a sleeping laptop or a background tab is caught up by the next look.
 *
 * The deadline follows the server's view of the sign-in: it counts from the last touch the server
 * answered (its send time, by this browser's clock), not from the last key press. Input between two
 * touches does not move it, so this tab never believes in a sign-in the server has already ended.
 */

/** The user's input sends a touch at most this often (the server then counts the sign-in as used). */
export const TOUCH_EVERY_MS = 60_000;

/** The guard looks again at least this often, whatever its next moment: a late timer costs little. */
export const LOOK_AGAIN_MS = 15_000;

export interface IdleClock {
  /** How long the sign-in may stay unused (the shop's minutes). */
  idleMs: number;
  /** When the server last counted the sign-in as used: the send time of the latest touch it answered. */
  usedAt: number;
}

export type IdlePhase = 'active' | 'warning' | 'expired';

/** A touch sent at `sentAt` was answered with the shop's minutes (which the Owner may have changed). */
export const touched = (clock: IdleClock | null, sentAt: number, minutes: number): IdleClock => ({
  idleMs: minutes * 60_000,
  usedAt: clock ? Math.max(clock.usedAt, sentAt) : sentAt,
});

export const deadlineOf = (clock: IdleClock): number => clock.usedAt + clock.idleMs;

/** Active until IDLE_WARNING_MS before the deadline, then warning, expired from the deadline on. */
export function phaseAt(clock: IdleClock, now: number): IdlePhase {
  const left = deadlineOf(clock) - now;
  if (left <= 0) return 'expired';
  return left <= IDLE_WARNING_MS ? 'warning' : 'active';
}

/** Whole seconds left until the deadline (never below zero), as the countdown shows them. */
export const secondsLeft = (clock: IdleClock, now: number): number =>
  Math.max(0, Math.ceil((deadlineOf(clock) - now) / 1000));

/** How long until the guard must look again: the next phase's start, at most LOOK_AGAIN_MS away. */
export function lookAgainIn(clock: IdleClock, now: number): number {
  const deadline = deadlineOf(clock);
  const next = now < deadline - IDLE_WARNING_MS ? deadline - IDLE_WARNING_MS : deadline;
  return Math.min(Math.max(next - now, 0), LOOK_AGAIN_MS);
}

/**
 * Whether the user's input now sends a touch: while the sign-in is active (once the warning shows, only
 * its button keeps the sign-in), and at most once per TOUCH_EVERY_MS. Before the first answer the guard
 * knows no deadline: input may touch, within the same limit.
 */
export function touchOnInput(clock: IdleClock | null, lastSentAt: number | null, now: number): boolean {
  if (clock && phaseAt(clock, now) !== 'active') return false;
  return lastSentAt === null || now - lastSentAt >= TOUCH_EVERY_MS;
}

/**
 * The countdown is read out to a screen reader at a few moments only (as the warning opens, then as it
 * passes each of these marks), so a polite region does not interrupt every second.
 */
export const ANNOUNCED_SECONDS = [30, 10] as const;

const markOf = (seconds: number) => ANNOUNCED_SECONDS.filter((mark) => seconds <= mark).length;

/** Whether the seconds left are to be announced now, the last announced being `previous` (null: none yet). */
export const announceNow = (previous: number | null, seconds: number): boolean =>
  previous === null || markOf(seconds) !== markOf(previous);
