import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SegmentedControl.css';
import { isTimeOfDay } from '@coin/contract';
import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatCoin } from '@/format';
import { type TFunction, type TranslationKey, useTranslation } from '@/i18n';
import { type HistoryFilters, NO_HISTORY_FILTERS } from '@/router/search';
import { activeHistoryFilters } from './historyFilters';
import { RewritingInput } from './RewritingInput';
import { amountTyping, isAmountSeparator, parseAmount } from './typedNumber';

/*
 * The amount and time-of-day filters of a history list (issue 25), behind one button: on a 390 px
 * phone the list stays on screen, and the button says how many conditions are set (the summary beside
 * it says which). The panel applies them to the URL's search as a whole, page 1 (useListSearch).
 */

export type AmountMode = 'exact' | 'range';

/** What the panel's fields hold while being edited: the amounts as typed, the times as 'HH:mm' or ''. */
export interface HistoryFilterDraft {
  mode: AmountMode;
  amount: string;
  min: string;
  max: string;
  timeFrom: string;
  timeTo: string;
}

type DraftField = Exclude<keyof HistoryFilterDraft, 'mode'>;
export type DraftErrors = Partial<Record<DraftField, TranslationKey>>;

/** The fields showing the filters in effect (an exact amount, or a range, as the URL has it). */
export function draftOf(filters: HistoryFilters): HistoryFilterDraft {
  const typed = (amount: number | undefined) => (amount === undefined ? '' : formatCoin(amount));
  return {
    mode: filters.min !== undefined || filters.max !== undefined ? 'range' : 'exact',
    amount: typed(filters.amount),
    min: typed(filters.min),
    max: typed(filters.max),
    timeFrom: filters.timeFrom ?? '',
    timeTo: filters.timeTo ?? '',
  };
}

/**
 * The filters a draft asks for, or what is wrong with it, field by field: amounts whole and from 1 (the
 * contract's rule), a range in order (either end may be empty), times 'HH:mm'. Only the chosen mode's
 * amounts count: switching to 範囲 drops the exact amount.
 */
export function readDraft(
  draft: HistoryFilterDraft,
): { ok: true; filters: HistoryFilters } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const amountIn = (field: 'amount' | 'min' | 'max'): number | undefined => {
    if (draft[field].trim() === '') return undefined;
    const check = parseAmount(draft[field], Number.MAX_SAFE_INTEGER);
    if (check.ok) return check.value;
    errors[field] =
      check.problem === 'positive'
        ? 'historyFilters.errors.amountPositive'
        : check.problem === 'max'
          ? 'historyFilters.errors.amountMax'
          : 'historyFilters.errors.amountInvalid';
    return undefined;
  };
  const timeIn = (field: 'timeFrom' | 'timeTo'): string | undefined => {
    const value = draft[field].trim();
    if (value === '') return undefined;
    if (isTimeOfDay(value)) return value;
    errors[field] = 'historyFilters.errors.time';
    return undefined;
  };
  const amount = draft.mode === 'exact' ? amountIn('amount') : undefined;
  const min = draft.mode === 'range' ? amountIn('min') : undefined;
  const max = draft.mode === 'range' ? amountIn('max') : undefined;
  if (min !== undefined && max !== undefined && min > max) errors.max = 'historyFilters.errors.rangeOrder';
  const timeFrom = timeIn('timeFrom');
  const timeTo = timeIn('timeTo');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, filters: { amount, min, max, timeFrom, timeTo } };
}

/** The conditions set, in words (「金額 3,000」「時刻 12:00〜13:00」), beside the panel's button. */
export function describeHistoryFilters(t: TFunction, filters: HistoryFilters): string[] {
  const words: string[] = [];
  if (filters.amount !== undefined) {
    words.push(t('historyFilters.summary.exact', { amount: formatCoin(filters.amount) }));
  } else if (filters.min !== undefined || filters.max !== undefined) {
    const end = (amount: number | undefined) => (amount === undefined ? '' : formatCoin(amount));
    words.push(t('historyFilters.summary.range', { min: end(filters.min), max: end(filters.max) }));
  }
  if (filters.timeFrom !== undefined || filters.timeTo !== undefined) {
    words.push(t('historyFilters.summary.time', { from: filters.timeFrom ?? '00:00', to: filters.timeTo ?? '23:59' }));
  }
  return words;
}

interface HistoryFilterPanelProps {
  filters: HistoryFilters;
  /** Sets the filters (all five keys; undefined for none) in the URL's search. */
  onApply: (filters: HistoryFilters) => void;
  /** Opened at first (tests render it open). */
  defaultOpen?: boolean;
}

/** The button that shows and hides the amount and time-of-day conditions, the count on it, and the panel. */
export function HistoryFilterPanel({ filters, onApply, defaultOpen = false }: HistoryFilterPanelProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(defaultOpen);
  const [draft, setDraft] = useState(() => draftOf(filters));
  const [errors, setErrors] = useState<DraftErrors>({});
  const count = activeHistoryFilters(filters);
  const { amount, min, max, timeFrom, timeTo } = filters;
  // A new search (back, a link, the other tab's クリア) is what the fields show.
  useEffect(() => {
    setDraft(draftOf({ amount, min, max, timeFrom, timeTo }));
    setErrors({});
  }, [amount, min, max, timeFrom, timeTo]);

  const set = (field: DraftField, value: string) => setDraft((previous) => ({ ...previous, [field]: value }));
  const errorOf = (field: DraftField) => (errors[field] ? t(errors[field]) : null);
  const apply = (next: HistoryFilters) => {
    onApply(next);
    // The list is what the reader wants next (below the panel on a phone); the button keeps the focus.
    setOpen(false);
    toggleRef.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readDraft(draft);
    if (read.ok) {
      setErrors({});
      apply(read.filters);
    } else {
      setErrors(read.errors);
    }
  };
  const amountProps = {
    rewrite: amountTyping,
    ignorable: isAmountSeparator,
    inputMode: 'numeric',
    autoComplete: 'off',
  } as const;
  const summary = describeHistoryFilters(t, filters);

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Button
          ref={toggleRef}
          variant={count > 0 ? 'light' : 'default'}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={count > 0 ? t('historyFilters.toggleActive', { count }) : undefined}
          rightSection={
            count > 0 ? (
              <Badge size="sm" circle aria-hidden>
                {count}
              </Badge>
            ) : undefined
          }
          onClick={() => setOpen((previous) => !previous)}
        >
          {t('historyFilters.toggle')}
        </Button>
        {summary.length > 0 && (
          <Text size="sm" c="dimmed">
            {summary.join('・')}
          </Text>
        )}
      </Group>
      {open && (
        <form id={panelId} aria-label={t('historyFilters.panel')} onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SegmentedControl
              aria-label={t('historyFilters.amountMode')}
              data={[
                { value: 'exact', label: t('historyFilters.exact') },
                { value: 'range', label: t('historyFilters.range') },
              ]}
              value={draft.mode}
              onChange={(mode) => setDraft((previous) => ({ ...previous, mode: mode as AmountMode }))}
              w="fit-content"
            />
            {draft.mode === 'exact' ? (
              <RewritingInput
                {...amountProps}
                label={t('historyFilters.amount')}
                description={t('historyFilters.amountHint')}
                value={draft.amount}
                onValueChange={(value) => set('amount', value)}
                error={errorOf('amount')}
                maw={360}
              />
            ) : (
              <Stack gap={4}>
                <Group align="flex-start" gap="xs" wrap="wrap">
                  <RewritingInput
                    {...amountProps}
                    label={t('historyFilters.amountMin')}
                    value={draft.min}
                    onValueChange={(value) => set('min', value)}
                    error={errorOf('min')}
                    w={150}
                  />
                  <RewritingInput
                    {...amountProps}
                    label={t('historyFilters.amountMax')}
                    value={draft.max}
                    onValueChange={(value) => set('max', value)}
                    error={errorOf('max')}
                    w={150}
                  />
                </Group>
                <Text size="xs" c="dimmed">
                  {t('historyFilters.rangeHint')} {t('historyFilters.amountHint')}
                </Text>
              </Stack>
            )}
            <Stack gap={4}>
              <Group align="flex-start" gap="xs" wrap="wrap">
                <TextInput
                  type="time"
                  label={t('historyFilters.timeFrom')}
                  value={draft.timeFrom}
                  onChange={(event) => set('timeFrom', event.currentTarget.value)}
                  error={errorOf('timeFrom')}
                  w={150}
                />
                <TextInput
                  type="time"
                  label={t('historyFilters.timeTo')}
                  value={draft.timeTo}
                  onChange={(event) => set('timeTo', event.currentTarget.value)}
                  error={errorOf('timeTo')}
                  w={150}
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('historyFilters.timeHint')}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button type="submit">{t('historyFilters.apply')}</Button>
              {count > 0 && (
                <Button variant="subtle" color="gray" onClick={() => apply(NO_HISTORY_FILTERS)}>
                  {t('historyFilters.clear')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
