import { useTranslation } from '@/i18n';
import classes from './calendar.module.css';
import { dayLabel, dayTone, useHolidays } from './holidays';

/**
 * What a Mantine calendar (DatePicker, DateInput) needs to show days the Japanese way: Saturdays
 * blue, Sundays and public holidays red (the holidays load when `opened` first turns true), each day
 * named in full with its holiday for screen readers, the previous and next buttons named, and today
 * outlined. Days outside the shown month are left blank: faded, they would not reach 4.5:1.
 */
export function useCalendarDays(opened: boolean) {
  const { t } = useTranslation();
  const holidays = useHolidays(opened);
  return {
    ariaLabels: {
      previousMonth: t('period.previousMonth'),
      nextMonth: t('period.nextMonth'),
      previousYear: t('period.previousYear'),
      nextYear: t('period.nextYear'),
      previousDecade: t('period.previousDecade'),
      nextDecade: t('period.nextDecade'),
    },
    weekendDays: [],
    hideOutsideDates: true,
    highlightToday: true,
    classNames: { weekday: classes.weekday },
    getDayAriaLabel: (day: string) => dayLabel(day, holidays),
    getDayProps: (day: string) => {
      const tone = dayTone(day, holidays);
      return {
        ...(tone ? { className: classes[tone] } : {}),
        ...(tone === 'holiday' ? { title: holidays?.get(day) } : {}),
      };
    },
  };
}
