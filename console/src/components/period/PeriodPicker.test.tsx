import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadPageStrings } from '@/i18n';
import PeriodPicker, { PeriodCalendar } from '../PeriodPicker';
import classes from './calendar.module.css';
import { loadHolidays } from './holidays';

await loadPageStrings();

const render = (element: ReactElement) =>
  renderToStaticMarkup(
    <MantineProvider>
      <DatesProvider settings={{ locale: 'ja', firstDayOfWeek: 0, consistentWeeks: true }}>{element}</DatesProvider>
    </MantineProvider>,
  );

/** The opening tag of the calendar's button for a day (its aria-label names the day). */
const dayButton = (markup: string, label: string) =>
  new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`).exec(markup)?.[0] ?? '';

describe('PeriodPicker', () => {
  it('shows both days as editable fields under one label, with a calendar button', () => {
    const markup = render(<PeriodPicker from="2025-05-01" to="2025-05-14" onChange={() => {}} />);
    expect(markup).toMatch(/<input[^>]*aria-label="開始日"[^>]*value="2025\/05\/01"/);
    expect(markup).toMatch(/<input[^>]*aria-label="終了日"[^>]*value="2025\/05\/14"/);
    expect(markup).not.toMatch(/<input[^>]*readonly/i);
    expect(markup).toMatch(/role="group" aria-labelledby="([^"]+)"/);
    const group = /role="group" aria-labelledby="([^"]+)"/.exec(markup)?.[1];
    expect(markup).toMatch(new RegExp(`id="${group}"[^>]*>期間<`));
    expect(markup).toMatch(/<button[^>]*aria-label="カレンダーから期間を選ぶ"/);
  });
});

describe('the period calendar', () => {
  // Wednesday 2025-05-14, 10:00 in Tokyo; the period is this month so far.
  const now = new Date('2025-05-14T10:00:00+09:00');
  const thisMonth = { from: '2025-05-01', to: '2025-05-14' };

  it('offers the presets beside the calendar and marks the one the period is', () => {
    const markup = render(<PeriodCalendar period={thisMonth} onPick={() => {}} now={now} />);
    const presets = [
      ...markup.matchAll(/<button[^>]*aria-pressed="(true|false)"[^>]*>[\s\S]*?<span[^>]*>([^<]+)<\/span>/g),
    ];
    expect(presets.map(([, , label]) => label)).toEqual(['今日', '昨日', '今週', '今月', '先月', '過去30日']);
    expect(presets.filter(([, pressed]) => pressed === 'true').map(([, , label]) => label)).toEqual(['今月']);
    expect(markup).toContain('2025年5月');
    expect(markup).toMatch(/<button[^>]*aria-label="前の月"/);
    expect(markup).toMatch(/<button[^>]*aria-label="次の月"/);
  });

  it('disables the days after today', () => {
    const markup = render(<PeriodCalendar period={thisMonth} onPick={() => {}} now={now} />);
    expect(dayButton(markup, '2025年5月14日\\(水\\)')).not.toMatch(/disabled/);
    expect(dayButton(markup, '2025年5月15日\\(木\\)')).toMatch(/disabled/);
    expect(dayButton(markup, '2025年5月31日\\(土\\)')).toMatch(/disabled/);
  });

  it('colours Saturdays blue and Sundays and public holidays red, holidays named', async () => {
    await loadHolidays();
    const markup = render(<PeriodCalendar period={thisMonth} onPick={() => {}} now={now} />);
    const holiday = dayButton(markup, '2025年5月5日\\(月\\) こどもの日');
    expect(holiday).toContain(classes.holiday);
    expect(holiday).toContain('title="こどもの日"');
    expect(dayButton(markup, '2025年5月6日\\(火\\) こどもの日 振替休日')).toContain(classes.holiday);
    expect(dayButton(markup, '2025年5月10日\\(土\\)')).toContain(classes.saturday);
    expect(dayButton(markup, '2025年5月11日\\(日\\)')).toContain(classes.sunday);
    const weekday = dayButton(markup, '2025年5月8日\\(木\\)');
    expect(weekday).not.toBe('');
    for (const tone of ['holiday', 'saturday', 'sunday'] as const) expect(weekday).not.toContain(classes[tone]);
  });
});
