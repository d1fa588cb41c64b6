/**
 * Asia/Tokyo calendar arithmetic, the one copy the server, the console and the tests share. Tokyo has
 * had no daylight saving time since 1951, so a fixed +09:00 offset is exact and plain Date arithmetic
 * (no time-zone library) is enough.
 */
export const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The Tokyo wall-clock time of an instant, ISO-shaped without zone: 'YYYY-MM-DDTHH:mm:ss.sss'. */
export const tokyoWallClock = (instant: Date | string | number): string =>
  new Date(new Date(instant).getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 23);

/** The Tokyo calendar day of an instant, 'YYYY-MM-DD'. */
export const tokyoDate = (instant: Date | string | number): string => tokyoWallClock(instant).slice(0, 10);

/** The Tokyo month of an instant, 'YYYYMM'. */
export const tokyoMonth = (instant: Date | string | number): string => tokyoDate(instant).slice(0, 7).replace('-', '');

/** The Tokyo day `days` after today (negative: before), 'YYYY-MM-DD'. */
export const tokyoDayFrom = (days: number, now: Date = new Date()): string => tokyoDate(now.getTime() + days * DAY_MS);

/** The instant a Tokyo calendar day ('YYYY-MM-DD') starts. */
export const tokyoDayStart = (date: string): Date => new Date(`${date}T00:00:00+09:00`);

/** A calendar day ('YYYY-MM-DD') shifted by a number of days. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from one calendar day to another (positive when `end` is later). */
export const daysBetween = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);

/** A Tokyo wall-clock minute, 'HH:mm' from 00:00 to 23:59: the history lists' time-of-day filter (issue 25). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a value is a time of day as the history lists take it ('HH:mm'). */
export const isTimeOfDay = (value: unknown): value is string => typeof value === 'string' && TIME_OF_DAY.test(value);
