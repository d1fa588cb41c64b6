import { thisMonth, tokyoDay } from '@/router/search';

/*
 * The period filter's presets and the day arithmetic they need: Asia/Tokyo calendar days
 * (YYYY-MM-DD), never past today. Plain Date arithmetic on UTC midnights: a calendar day has no
 * time zone once it is a string.
 */

export interface Period {
  /** First day (YYYY-MM-DD, Asia/Tokyo). */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/** The presets beside the calendar, in the order they are offered. */
export const PERIOD_PRESETS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'last30Days'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const DAY_MS = 86_400_000;

/** The YYYY-MM-DD day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The day of the week of a YYYY-MM-DD day: 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The period a preset stands for at `now`: a week starts on Monday (the business week), a month on
 * its first day; periods that are still running end today. 過去30日 is today and the 29 days before
 * it, as the top page's sales chart counts them.
 */
export function presetPeriod(preset: PeriodPreset, now: Date = new Date()): Period {
  const today = tokyoDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'thisWeek':
      return { from: addDays(today, -((weekdayOf(today) + 6) % 7)), to: today };
    case 'thisMonth':
      return thisMonth(now);
    case 'lastMonth': {
      const lastDay = addDays(thisMonth(now).from, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
  }
}

/** The preset whose period is exactly `period` at `now` (the first in order when two agree), or null. */
export function matchingPreset(period: Period, now: Date = new Date()): PeriodPreset | null {
  for (const preset of PERIOD_PRESETS) {
    const candidate = presetPeriod(preset, now);
    if (candidate.from === period.from && candidate.to === period.to) return preset;
  }
  return null;
}
