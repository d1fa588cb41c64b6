// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPageStrings } from '@/i18n';
import PeriodPicker, { PeriodCalendar } from '../PeriodPicker';
import classes from './calendar.module.css';
import { loadHolidays } from './holidays';

await loadPageStrings();
afterEach(cleanup);

const show = (element: ReactElement) =>
  render(
    <MantineProvider>
      <DatesProvider settings={{ locale: 'ja', firstDayOfWeek: 0, consistentWeeks: true }}>{element}</DatesProvider>
    </MantineProvider>,
  );

/**
 * The calendar's button for a day, by the label it is read with (its aria-label; found by label, which
 * is much cheaper than computing the name of each of the month's buttons).
 */
const dayButton = (label: string) => screen.getByLabelText<HTMLButtonElement>(label, { selector: 'button' });

describe('PeriodPicker', () => {
  it('shows both days as editable fields under one label, with a calendar button', () => {
    show(<PeriodPicker from="2025-05-01" to="2025-05-14" onChange={() => {}} />);
    const period = screen.getByRole('group', { name: '期間' });
    const from = within(period).getByRole<HTMLInputElement>('textbox', { name: '開始日' });
    const to = within(period).getByRole<HTMLInputElement>('textbox', { name: '終了日' });
    expect(from.value).toBe('2025/05/01');
    expect(to.value).toBe('2025/05/14');
    expect(from.readOnly).toBe(false);
    expect(to.readOnly).toBe(false);
    expect(screen.getByRole('button', { name: 'カレンダーから期間を選ぶ' })).toBeTruthy();
  });
});

describe('the period calendar', () => {
  // Wednesday 2025-05-14, 10:00 in Tokyo; the period is this month so far.
  const now = new Date('2025-05-14T10:00:00+09:00');
  const thisMonth = { from: '2025-05-01', to: '2025-05-14' };

  it('offers the presets beside the calendar and marks the one the period is', () => {
    show(<PeriodCalendar period={thisMonth} onPick={() => {}} now={now} />);
    // The presets are the toggle buttons (aria-pressed), in the order shown.
    const presets = screen.getAllByRole('button').filter((button) => button.getAttribute('aria-pressed') !== null);
    expect(presets.map((preset) => preset.textContent)).toEqual(['今日', '昨日', '今週', '今月', '先月', '過去30日']);
    expect(screen.getAllByRole('button', { pressed: true }).map((preset) => preset.textContent)).toEqual(['今月']);
    expect(screen.getByText('2025年5月')).toBeTruthy();
    expect(screen.getByLabelText('前の月', { selector: 'button' })).toBeTruthy();
    expect(screen.getByLabelText('次の月', { selector: 'button' })).toBeTruthy();
  });

  it('disables the days after today', () => {
    show(<PeriodCalendar period={thisMonth} onPick={() => {}} now={now} />);
    expect(dayButton('2025年5月14日(水)')).toHaveProperty('disabled', false);
    expect(dayButton('2025年5月15日(木)')).toHaveProperty('disabled', true);
    expect(dayButton('2025年5月31日(土)')).toHaveProperty('disabled', true);
  });

  it('colours Saturdays blue and Sundays and public holidays red, holidays named', async () => {
    await loadHolidays();
    show(<PeriodCalendar period={thisMonth} onPick={() => {}} now={now} />);
    const holiday = dayButton('2025年5月5日(月) こどもの日');
    expect(holiday.classList).toContain(classes.holiday);
    expect(holiday.title).toBe('こどもの日');
    expect(dayButton('2025年5月6日(火) こどもの日 振替休日').classList).toContain(classes.holiday);
    expect(dayButton('2025年5月10日(土)').classList).toContain(classes.saturday);
    expect(dayButton('2025年5月11日(日)').classList).toContain(classes.sunday);
    const weekday = dayButton('2025年5月8日(木)');
    for (const tone of ['holiday', 'saturday', 'sunday'] as const)
      expect(weekday.classList).not.toContain(classes[tone]);
  });
});
