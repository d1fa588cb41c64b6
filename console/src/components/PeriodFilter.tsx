import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n';
import type { PeriodFilterProps } from './PeriodPicker';

// The calendar (Mantine dates) loads after the list it filters; until then the period shows read-only.
const PeriodPicker = lazy(() => import('./PeriodPicker'));

const slashed = (day: string) => day.replaceAll('-', '/');

/** The period of a list: Asia/Tokyo calendar days, picked as a range (applied once both ends are set). */
export function PeriodFilter(props: PeriodFilterProps) {
  const { t } = useTranslation();
  const fallback = (
    <TextInput label={t('list.period')} value={`${slashed(props.from)} – ${slashed(props.to)}`} readOnly w={260} />
  );
  return (
    <Suspense fallback={fallback}>
      <PeriodPicker {...props} />
    </Suspense>
  );
}
