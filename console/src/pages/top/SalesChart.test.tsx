import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadPageStrings } from '@/i18n';
import { axisYen, niceTicks } from './chartScale';
import SalesChart, { LABEL_ROOM_PX, labelledDays, SalesBars } from './SalesChart';
import type { DailyPoint } from './sales';

const series: DailyPoint[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  amount: i === 2 ? 48_200 : i * 1000,
  count: 1,
}));
const render = (element: React.ReactElement) => renderToStaticMarkup(<MantineProvider>{element}</MantineProvider>);

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
  it('draws a titled bar per day, the yen axis and a day label every five days back from the last', () => {
    const svg = render(<SalesBars series={series} width={600} />);
    expect(svg.match(/<rect /g)).toHaveLength(30);
    expect(svg).toContain('<title>11/3 ￥48,200</title>');
    expect(svg).toContain('>6万</text>');
    for (const label of ['11/5', '11/10', '11/25', '11/30']) expect(svg).toContain(`>${label}</text>`);
    for (const label of ['11/1', '11/26', '11/29']) expect(svg).not.toContain(`>${label}</text>`);
    expect(svg).toContain('role="img"');
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

  it("writes the selected day's figures above the chart, and gives them to the slider (the last day first)", () => {
    const html = render(<SalesChart series={series} />);
    expect(html).toContain('11/30 ￥29,000（1件）');
    expect(html).toContain('role="slider"');
    expect(html).toContain('aria-valuetext="11/30 ￥29,000（1件）"');
    expect(html).toContain('aria-valuenow="29"');
  });

  it('gives screen readers every day and amount as a table', () => {
    const html = render(<SalesChart series={series} />);
    expect(html).toContain('<caption>売上推移（過去30日）</caption>');
    expect(html.match(/<tr>/g)).toHaveLength(31);
    expect(html).toContain('<th scope="row">11/3</th><td>￥48,200</td>');
  });
});
