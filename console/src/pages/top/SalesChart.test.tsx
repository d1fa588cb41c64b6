// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { factOf, mount } from '@/components/formTesting';
import { initI18n, loadPageStrings } from '@/i18n';
import { axisYen, niceTicks } from './chartScale';
import SalesChart, { LABEL_ROOM_PX, labelledDays, SalesBars } from './SalesChart';
import type { DailyPoint } from './sales';

const series: DailyPoint[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  amount: i === 2 ? 48_200 : i * 1000,
  count: 1,
}));

beforeAll(async () => {
  initI18n();
  await loadPageStrings();
});

describe('chart scale', () => {
  it.each([
    [48_200, [0, 20_000, 40_000, 60_000]],
    [9_000, [0, 5_000, 10_000]],
    [1_234_000, [0, 500_000, 1_000_000, 1_500_000]],
    [0, [0, 1]],
  ])('ticks up to %i: %j', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks);
  });

  it('writes axis amounts short: 万 from 10,000 on', () => {
    expect([0, 5_000, 20_000, 15_000, 1_500_000].map(axisYen)).toEqual(['0', '5,000', '2万', '1.5万', '150万']);
  });
});

describe('SalesChart', () => {
  it('draws a titled bar per day, the yen axis and a day label every five days back from the last', async () => {
    await mount(<SalesBars series={series} width={600} />);
    const chart = screen.getByRole('img');
    // A bar per day, each titled with its day and amount (what a pointer over it shows).
    const titles = within(chart).getAllByText(/^11\/\d+ ￥[\d,]+$/);
    expect(
      titles.map((title) => `${title.parentElement?.tagName.toLowerCase()} ${title.tagName.toLowerCase()}`),
    ).toEqual(Array(30).fill('rect title'));
    expect(within(chart).getByText('11/3 ￥48,200')).toBeTruthy();
    expect(chart.contains(screen.getByText('6万'))).toBe(true);
    for (const label of ['11/5', '11/10', '11/25', '11/30']) expect(screen.getByText(label)).toBeTruthy();
    for (const label of ['11/1', '11/26', '11/29']) expect(screen.queryByText(label)).toBeNull();
  });

  it('never puts two day labels closer than a label needs, at any width', () => {
    for (const width of [160, 240, 320, 600, 1200]) {
      const slot = (width - 52) / 30;
      const labelled = [...labelledDays(30, slot)].sort((a, b) => a - b);
      expect(labelled.at(-1)).toBe(29);
      for (let i = 1; i < labelled.length; i++) {
        expect(((labelled[i] ?? 0) - (labelled[i - 1] ?? 0)) * slot).toBeGreaterThanOrEqual(LABEL_ROOM_PX);
      }
    }
  });

  it("writes the selected day's figures above the chart, and gives them to the slider (the last day first)", async () => {
    await mount(<SalesChart series={series} />);
    expect(screen.getByText('11/30 ￥29,000（1件）', { exact: false })).toBeTruthy();
    const slider = screen.getByRole('slider');
    expect(slider.getAttribute('aria-valuetext')).toBe('11/30 ￥29,000（1件）');
    expect(slider.getAttribute('aria-valuenow')).toBe('29');
  });

  it('gives screen readers every day and amount as a table', async () => {
    await mount(<SalesChart series={series} />);
    const table = screen.getByRole('table', { name: '売上推移（過去30日）' });
    // The header row, then a row per day.
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(factOf('11/3', table)).toBe('￥48,200');
  });
});
