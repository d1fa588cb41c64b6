import { useEffect, useState } from 'react';
import { weekdayOf } from './presets';

/** Japanese public holidays by day: YYYY-MM-DD → name (振替休日 and 国民の休日 included). */
export type HolidayNames = ReadonlyMap<string, string>;

let loading: Promise<HolidayNames> | null = null;
let loaded: HolidayNames | null = null;

/**
 * The holidays of 1970–2050 (the @holiday-jp/holiday_jp data, which the server's payout calendar
 * uses too), loaded once, when a calendar first opens: a chunk of its own that no page loads up front.
 */
export function loadHolidays(): Promise<HolidayNames> {
  loading ??= import('@holiday-jp/holiday_jp/lib/holidays').then(
    ({ default: data }) => {
      loaded = new Map(Object.values(data).map((holiday) => [holiday.date, holiday.name]));
      return loaded;
    },
    (error: unknown) => {
      // The next opening tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The holidays once `active` (the calendar is open) has asked for them; null until they have
 * arrived, or when they could not be loaded (the calendar then colours weekends only).
 */
export function useHolidays(active: boolean): HolidayNames | null {
  const [holidays, setHolidays] = useState<HolidayNames | null>(loaded);
  useEffect(() => {
    if (!active || holidays) return;
    let current = true;
    loadHolidays().then(
      (names) => {
        if (current) setHolidays(names);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [active, holidays]);
  return holidays;
}

/** How a calendar shows a day: public holidays and Sundays red, Saturdays blue, other days plain. */
export type DayTone = 'holiday' | 'sunday' | 'saturday' | null;

export function dayTone(day: string, holidays: HolidayNames | null): DayTone {
  if (holidays?.has(day)) return 'holiday';
  const weekday = weekdayOf(day);
  if (weekday === 0) return 'sunday';
  return weekday === 6 ? 'saturday' : null;
}

/** Weekdays as ja-JP's short format writes them, Sunday first. */
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** What a screen reader says for a calendar day: 2025年5月5日(月) こどもの日. */
export function dayLabel(day: string, holidays: HolidayNames | null): string {
  // Written out rather than through Intl.DateTimeFormat (the same text): a page's first Intl object sets
  // up ICU's locale data, tens of milliseconds of main-thread time on a phone.
  const [year, month, date] = day.split('-').map(Number);
  const label = `${year}年${month}月${date}日(${WEEKDAYS[weekdayOf(day)]})`;
  const holiday = holidays?.get(day);
  return holiday ? `${label} ${holiday}` : label;
}
