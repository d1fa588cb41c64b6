// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Mounted, mount } from '@/components/formTesting';
import SalesChart from './SalesChart';
import type { DailyPoint } from './sales';

const series: DailyPoint[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  amount: (i + 1) * 100,
  count: i % 3,
}));

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const press = (element: Element, key: string) =>
  act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });

describe('the sales chart by keyboard', () => {
  it('moves the selected day with the arrow keys, Home and End, and says its figures', async () => {
    mounted = await mount(<SalesChart series={series} />);
    const slider = mounted.container.querySelector('[role="slider"]');
    if (!slider) throw new Error('no slider');
    expect(slider.getAttribute('aria-valuetext')).toBe('11/30 ￥3,000（2件）');
    await press(slider, 'ArrowLeft');
    await press(slider, 'ArrowLeft');
    expect(slider.getAttribute('aria-valuetext')).toBe('11/28 ￥2,800（0件）');
    expect(mounted.container.textContent).toContain('11/28 ￥2,800（0件）');
    await press(slider, 'Home');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    await press(slider, 'ArrowLeft');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    await press(slider, 'End');
    expect(slider.getAttribute('aria-valuetext')).toBe('11/30 ￥3,000（2件）');
  });
});
