import '@mantine/core/styles/Flex.css';
import '@mantine/dates/styles.css';
import { ActionIcon, Button, Flex, Group, Input, Popover, Text, TextInput } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { type KeyboardEvent, useId, useState } from 'react';
import { MONTH_FORMAT } from '@/format';
import { useTranslation } from '@/i18n';
import { tokyoDay } from '@/router/search';
import { useCalendarDays } from './period/calendarDays';
import { DAY_FIELD_WIDTH, slashed } from './period/fields';
import { matchingPreset, PERIOD_PRESETS, type Period, presetPeriod } from './period/presets';
import { type PeriodEdge, type TypedDayError, typedPeriod } from './period/typedPeriod';

export interface PeriodFilterProps {
  from: string;
  to: string;
  onChange: (period: { from: string; to: string }) => void;
}

const DATES_SETTINGS = { locale: 'ja', firstDayOfWeek: 0, consistentWeeks: true } as const;

function CalendarIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

/**
 * The period picker (Mantine dates, a chunk of its own, loaded after the list it filters): the first
 * and last day typed (2025/5/1, full-width digits, 20250501…) and applied on Enter or on leaving the
 * field, or picked in a calendar beside the presets (今日, 昨日, 今週, 今月, 先月, 過去30日). Asia/Tokyo
 * days; days after today can be neither picked nor typed.
 */
export default function PeriodPicker({ from, to, onChange }: PeriodFilterProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const [opened, setOpened] = useState(false);
  const [texts, setTexts] = useState({ from: slashed(from), to: slashed(to) });
  const [error, setError] = useState<{ edge: PeriodEdge; reason: TypedDayError } | null>(null);
  // A period set from elsewhere (the calendar, a preset, the URL) replaces what was typed.
  const [shown, setShown] = useState({ from, to });
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to });
    setTexts({ from: slashed(from), to: slashed(to) });
    setError(null);
  }

  const apply = (next: Period) => {
    if (next.from !== from || next.to !== to) onChange(next);
  };
  const commit = (edge: PeriodEdge) => {
    const result = typedPeriod({ from, to }, edge, texts[edge], tokyoDay(new Date()));
    if ('error' in result) {
      setError({ edge, reason: result.error });
      return;
    }
    setError(null);
    // 2025/5/1 is shown as 2025/05/01 once read.
    setTexts({ ...texts, [edge]: slashed(result.period[edge]) });
    apply(result.period);
  };
  const onKeyDown = (edge: PeriodEdge) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(edge);
    } else if (event.key === 'Escape') {
      setTexts({ ...texts, [edge]: slashed(edge === 'from' ? from : to) });
      setError(null);
    }
  };
  const dayField = (edge: PeriodEdge) => {
    const invalid = error?.edge === edge;
    return (
      <TextInput
        aria-label={t(`period.${edge}`)}
        value={texts[edge]}
        onChange={(event) => setTexts({ ...texts, [edge]: event.currentTarget.value })}
        onBlur={() => commit(edge)}
        onKeyDown={onKeyDown(edge)}
        error={invalid}
        aria-describedby={invalid ? errorId : undefined}
        autoComplete="off"
        w={DAY_FIELD_WIDTH}
      />
    );
  };

  return (
    <DatesProvider settings={DATES_SETTINGS}>
      <Input.Wrapper
        label={t('list.period')}
        labelElement="div"
        labelProps={{ id: labelId }}
        error={error ? t(`period.errors.${error.reason}`, { edge: t(`period.${error.edge}`) }) : undefined}
        errorProps={{ id: errorId, role: 'alert' }}
      >
        <Group gap={6} wrap="nowrap" role="group" aria-labelledby={labelId}>
          {dayField('from')}
          <Text aria-hidden>〜</Text>
          {dayField('to')}
          <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus>
            <Popover.Target>
              <ActionIcon
                variant="default"
                size="input-sm"
                aria-label={t('period.openCalendar')}
                onClick={(event) => {
                  // A button scrolled off screen (the page read down to its end) opens a calendar in view.
                  event.currentTarget.scrollIntoView({ block: 'nearest' });
                  setOpened((open) => !open);
                }}
              >
                <CalendarIcon />
              </ActionIcon>
            </Popover.Target>
            {/* A dialog named as its button is (カレンダーから期間を選ぶ). */}
            <Popover.Dropdown aria-label={t('period.openCalendar')}>
              <PeriodCalendar
                period={{ from, to }}
                onPick={(next) => {
                  setOpened(false);
                  apply(next);
                }}
              />
            </Popover.Dropdown>
          </Popover>
        </Group>
      </Input.Wrapper>
    </DatesProvider>
  );
}

/**
 * The calendar's dropdown: the presets (the one matching the period marked) and a range calendar
 * whose two clicks make the period (one day: the same day twice). Mounted while open, so its draft
 * starts from the period each time, and the holidays load with its first opening.
 */
export function PeriodCalendar({
  period,
  onPick,
  now = new Date(),
}: {
  period: Period;
  onPick: (period: Period) => void;
  /** The present (tests fix it): what the presets count from, the last day that can be picked. */
  now?: Date;
}) {
  const { t } = useTranslation();
  const days = useCalendarDays(true);
  const [draft, setDraft] = useState<[string | null, string | null]>([period.from, period.to]);
  const active = matchingPreset(period, now);
  return (
    <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
      <Flex
        role="group"
        aria-label={t('period.presets')}
        direction={{ base: 'row', xs: 'column' }}
        wrap="wrap"
        gap={4}
        maw={{ base: 252, xs: 'none' }}
      >
        {PERIOD_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="compact-sm"
            variant={active === preset ? 'light' : 'subtle'}
            aria-pressed={active === preset}
            justify="flex-start"
            onClick={() => onPick(presetPeriod(preset, now))}
          >
            {t(`period.presetNames.${preset}`)}
          </Button>
        ))}
      </Flex>
      <DatePicker
        type="range"
        value={draft}
        onChange={([start, end]) => {
          setDraft([start, end]);
          if (start && end) onPick({ from: String(start).slice(0, 10), to: String(end).slice(0, 10) });
        }}
        allowSingleDateInRange
        defaultDate={period.to}
        maxDate={tokyoDay(now)}
        monthLabelFormat={MONTH_FORMAT}
        {...days}
      />
    </Flex>
  );
}
