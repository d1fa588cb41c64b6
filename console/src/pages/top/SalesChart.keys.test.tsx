// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mount } from '@/components/formTesting';
import SalesChart from './SalesChart';
import type { DailyPoint } from './sales';

const series: DailyPoint[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  amount: (i + 1) * 100,
  count: i % 3,
}));

const press = (element: Element, key: string) => fireEvent.keyDown(element, { key });

describe('the sales chart by keyboard', () => {
  it('moves the selected day with the arrow keys, Home and End, and says its figures', async () => {
    await mount(<SalesChart series={series} />);
    const slider = screen.getByRole('slider');
    expect(slider.getAttribute('aria-valuetext')).toBe('11/30 ￥3,000（2件）');
    press(slider, 'ArrowLeft');
    press(slider, 'ArrowLeft');
    expect(slider.getAttribute('aria-valuetext')).toBe('11/28 ￥2,800（0件）');
    // Shown beside the chart as well as read with the slider.
    expect(screen.getByText('11/28 ￥2,800（0件）', { exact: false })).toBeTruthy();
    press(slider, 'Home');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    press(slider, 'ArrowLeft');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    press(slider, 'End');
    expect(slider.getAttribute('aria-valuetext')).toBe('11/30 ￥3,000（2件）');
  });
});
