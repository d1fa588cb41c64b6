import '@mantine/dates/styles.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import { DATE_FORMAT, MONTH_FORMAT } from '@/format';
import { parseDayText } from './linkForm';

export interface ExpiryDateInputProps {
  id: string;
  label: string;
  description: string;
  error: string | null;
  value: string | null;
  min: string;
  max: string;
  onChange: (day: string | null) => void;
}

/**
 * The link's last day (Mantine dates, a chunk of its own): typed as 2025/04/01 (full-width digits
 * too) or picked from the calendar, between `min` and `max`.
 */
export default function ExpiryDateInput({
  id,
  label,
  description,
  error,
  value,
  min,
  max,
  onChange,
}: ExpiryDateInputProps) {
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
        w={300}
      />
    </DatesProvider>
  );
}
