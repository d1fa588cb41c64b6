import '@mantine/dates/styles.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useState } from 'react';
import { DATE_FORMAT, MONTH_FORMAT } from '@/format';
import { useCalendarDays } from './period/calendarDays';
import { parseDayText } from './typedDay';

export interface DayInputProps {
  id: string;
  label: string;
  description?: string;
  error: string | null;
  value: string | null;
  /** The first and last day the calendar offers (YYYY-MM-DD); typed days are checked by the form. */
  min?: string;
  max?: string;
  onChange: (day: string | null) => void;
  w?: number;
}

/**
 * A required calendar day (Mantine dates, a chunk of its own: load it lazily): typed as 2025/04/01
 * (full-width digits too, or 20250401) or picked from the calendar, whose Saturdays are blue and
 * Sundays and public holidays red (the holidays load when it first opens).
 */
export default function DayInput({ id, label, description, error, value, min, max, onChange, w = 300 }: DayInputProps) {
  const [opened, setOpened] = useState(false);
  const days = useCalendarDays(opened);
  return (
    <DatesProvider settings={{ locale: 'ja', firstDayOfWeek: 0, consistentWeeks: true }}>
      <DateInput
        id={id}
        label={label}
        description={description}
        error={error}
        value={value}
        onChange={onChange}
        valueFormat={DATE_FORMAT}
        dateParser={parseDayText}
        monthLabelFormat={MONTH_FORMAT}
        minDate={min}
        maxDate={max}
        required
        w={w}
        popoverProps={{ onOpen: () => setOpened(true) }}
        {...days}
      />
    </DatesProvider>
  );
}
