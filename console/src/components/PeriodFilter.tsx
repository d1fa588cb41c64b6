import { Group, Input, Text, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n';
import type { PeriodFilterProps } from './PeriodPicker';
import { DAY_FIELD_WIDTH, slashed } from './period/fields';

// The picker (Mantine dates, the presets, the calendar) loads after the list it filters; until then
// the period shows read-only, laid out as the picker lays it out.
const PeriodPicker = lazy(() => import('./PeriodPicker'));

/**
 * The period of a list: Asia/Tokyo calendar days, typed or picked in a calendar beside the presets
 * (今日, 昨日, 今週, 今月, 先月, 過去30日); see PeriodPicker.
 */
export function PeriodFilter(props: PeriodFilterProps) {
  const { t } = useTranslation();
  const fallback = (
    <Input.Wrapper label={t('list.period')} labelElement="div">
      <Group gap={6} wrap="nowrap">
        <TextInput aria-label={t('period.from')} value={slashed(props.from)} readOnly w={DAY_FIELD_WIDTH} />
        <Text aria-hidden>〜</Text>
        <TextInput aria-label={t('period.to')} value={slashed(props.to)} readOnly w={DAY_FIELD_WIDTH} />
        <div style={{ width: 36 }} />
      </Group>
    </Input.Wrapper>
  );
  return (
    <Suspense fallback={fallback}>
      <PeriodPicker {...props} />
    </Suspense>
  );
}
