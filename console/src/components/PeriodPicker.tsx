import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { MONTH_FORMAT } from '@/format';
import { useTranslation } from '@/i18n';

export interface PeriodFilterProps {
  from: string;
  to: string;
  onChange: (period: { from: string; to: string }) => void;
}

/** The period picker (Mantine dates, a chunk of its own): Asia/Tokyo calendar days, picked as a range (applied once both ends are set). */
export default function PeriodPicker({ from, to, onChange }: PeriodFilterProps) {
  const { t } = useTranslation();
  return (
    <DatesProvider settings={{ locale: 'ja', firstDayOfWeek: 0, consistentWeeks: true }}>
      <DatePickerInput
        type="range"
        label={t('list.period')}
        value={[from, to]}
        valueFormat="YYYY/MM/DD"
        monthLabelFormat={MONTH_FORMAT}
        allowSingleDateInRange
        w={260}
        onChange={([start, end]) => {
          if (start && end) onChange({ from: String(start).slice(0, 10), to: String(end).slice(0, 10) });
        }}
      />
    </DatesProvider>
  );
}
