import { tokyoDayFrom } from '@coin/contract';
import { halfWidthDigits } from './typedNumber';

/*
 * Calendar days typed by hand or picked in a date input (YYYY-MM-DD, Asia/Tokyo): what the forms'
 * day fields (a payment link's last day, a coupon's first and last day) accept.
 */

/** A real YYYY-MM-DD day (no 2025-02-30). */
export const isCalendarDay = (day: string): boolean => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/** The Asia/Tokyo day `days` after today (Tokyo has no daylight saving time, so days are 24 h). */
export const tokyoDayAfter = (days: number, now: Date = new Date()): string => tokyoDayFrom(days, now);

/**
 * A day typed by hand → YYYY-MM-DD, or null: 2025/4/1, 2025-04-01, 2025.4.1, 2025年4月1日, 20250401
 * (eight digits, what a numeric keypad gives) and their full-width forms.
 */
export function parseDayText(text: string): string | null {
  const typed = halfWidthDigits(text.trim()).replace(/[／－．]/g, (mark) =>
    String.fromCharCode(mark.charCodeAt(0) - 0xfee0),
  );
  const match =
    /^(\d{4})\s*[/\-.年]\s*(\d{1,2})\s*[/\-.月]\s*(\d{1,2})\s*日?$/.exec(typed) ??
    /^(\d{4})(\d{2})(\d{2})$/.exec(typed);
  if (!match) return null;
  const [, year, month, day] = match;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}
