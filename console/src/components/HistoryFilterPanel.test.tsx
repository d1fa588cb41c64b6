// @vitest-environment happy-dom
// The amount and time-of-day panel (issue 25): what its fields read, the count and the summary on its
// button, and the panel as it renders.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/i18n';
import { type HistoryFilters, NO_HISTORY_FILTERS } from '@/router/search';
import { fieldByLabel, mount } from './formTesting';
import {
  describeHistoryFilters,
  draftOf,
  type HistoryFilterDraft,
  HistoryFilterPanel,
  readDraft,
} from './HistoryFilterPanel';

const EMPTY: HistoryFilterDraft = { mode: 'exact', amount: '', min: '', max: '', timeFrom: '', timeTo: '' };
const filters = (set: Partial<HistoryFilters>): HistoryFilters => ({ ...NO_HISTORY_FILTERS, ...set });

describe('readDraft', () => {
  it('reads nothing set as no filter', () => {
    expect(readDraft(EMPTY)).toEqual({ ok: true, filters: NO_HISTORY_FILTERS });
  });

  it('reads an amount as Japanese users type it, and a time window', () => {
    expect(readDraft({ ...EMPTY, amount: '３，０００円', timeFrom: '12:00', timeTo: '13:00' })).toEqual({
      ok: true,
      filters: filters({ amount: 3000, timeFrom: '12:00', timeTo: '13:00' }),
    });
  });

  it('reads a range with either end, and only the chosen mode', () => {
    const range = { ...EMPTY, mode: 'range' as const, amount: '999', min: '1,000', max: '' };
    expect(readDraft(range)).toEqual({ ok: true, filters: filters({ min: 1000 }) });
    expect(readDraft({ ...range, min: '', max: '5000' })).toEqual({ ok: true, filters: filters({ max: 5000 }) });
    expect(readDraft({ ...EMPTY, amount: '500', min: '1', max: '2' })).toEqual({
      ok: true,
      filters: filters({ amount: 500 }),
    });
  });

  it('keeps a window across midnight', () => {
    expect(readDraft({ ...EMPTY, timeFrom: '22:00', timeTo: '02:00' })).toEqual({
      ok: true,
      filters: filters({ timeFrom: '22:00', timeTo: '02:00' }),
    });
  });

  it('says what is wrong, field by field, in Japanese', () => {
    const wrong = readDraft({ ...EMPTY, amount: '3千', timeFrom: '25:00', timeTo: '9:00' });
    expect(wrong).toEqual({
      ok: false,
      errors: {
        amount: 'historyFilters.errors.amountInvalid',
        timeFrom: 'historyFilters.errors.time',
        timeTo: 'historyFilters.errors.time',
      },
    });
    expect(readDraft({ ...EMPTY, amount: '0' })).toEqual({
      ok: false,
      errors: { amount: 'historyFilters.errors.amountPositive' },
    });
    expect(readDraft({ ...EMPTY, mode: 'range', min: '5,000', max: '1,000' })).toEqual({
      ok: false,
      errors: { max: 'historyFilters.errors.rangeOrder' },
    });
    expect(readDraft({ ...EMPTY, amount: '1234567890123456' })).toEqual({
      ok: false,
      errors: { amount: 'historyFilters.errors.amountMax' },
    });
    expect(t('historyFilters.errors.rangeOrder')).toBe('「以上」の金額は「以下」の金額以下にしてください');
  });

  it('shows the filters in effect in the fields, formatted', () => {
    expect(draftOf(filters({ amount: 3000, timeTo: '09:00' }))).toEqual({ ...EMPTY, amount: '3,000', timeTo: '09:00' });
    expect(draftOf(filters({ max: 12000 }))).toEqual({ ...EMPTY, mode: 'range', max: '12,000' });
    // What the fields show reads back as the same filters.
    const set = filters({ min: 1500, max: 12000, timeFrom: '22:00', timeTo: '02:00' });
    expect(readDraft(draftOf(set))).toEqual({ ok: true, filters: set });
  });
});

describe('the summary and the button', () => {
  it('says which conditions are set', () => {
    expect(describeHistoryFilters(t, NO_HISTORY_FILTERS)).toEqual([]);
    expect(describeHistoryFilters(t, filters({ amount: 3000, timeFrom: '12:00', timeTo: '13:00' }))).toEqual([
      '金額 3,000',
      '時刻 12:00〜13:00',
    ]);
    expect(describeHistoryFilters(t, filters({ min: 1000, timeTo: '09:00' }))).toEqual([
      '金額 1,000〜',
      '時刻 00:00〜09:00',
    ]);
    expect(describeHistoryFilters(t, filters({ max: 5000 }))).toEqual(['金額 〜5,000']);
  });

  it('shows a closed panel with its count and summary on a list with filters', async () => {
    await mount(
      <HistoryFilterPanel filters={filters({ min: 1000, max: 5000, timeFrom: '12:00' })} onApply={() => {}} />,
    );
    const button = screen.getByRole('button', { name: '金額・時刻で絞り込む（2件の条件を適用中）', expanded: false });
    // Seen: the button's words, then the count.
    expect(button.textContent).toBe('金額・時刻で絞り込む2');
    expect(screen.getByText('金額 1,000〜5,000・時刻 12:00〜23:59')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('names the button plainly with no filter, and opens a panel of labelled fields', async () => {
    const closed = await mount(<HistoryFilterPanel filters={NO_HISTORY_FILTERS} onApply={() => {}} />);
    expect(screen.getByRole('button', { name: '金額・時刻で絞り込む' }).hasAttribute('aria-label')).toBe(false);
    closed.unmount();
    await mount(<HistoryFilterPanel filters={filters({ amount: 3000 })} onApply={() => {}} defaultOpen />);
    expect(screen.getByRole('button', { name: /^金額・時刻で絞り込む/, expanded: true })).toBeTruthy();
    const form = screen.getByRole('form', { name: '金額・時刻の条件' });
    const mode = within(form).getByRole('radiogroup', { name: '金額の指定方法' });
    expect(within(mode).getByRole('radio', { name: 'ちょうど' })).toBeTruthy();
    expect(within(mode).getByRole('radio', { name: '範囲' })).toBeTruthy();
    expect(fieldByLabel('金額', form).value).toBe('3,000');
    for (const label of ['時刻（から）', '時刻（まで）']) expect(fieldByLabel(label, form).type).toBe('time');
    for (const name of ['適用', '条件をクリア']) expect(within(form).getByRole('button', { name })).toBeTruthy();
  });
});
