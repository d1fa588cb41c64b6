import { describe, expect, it } from 'vitest';
import { addDays, matchingPreset, PERIOD_PRESETS, type PeriodPreset, presetPeriod, weekdayOf } from './presets';

/** An instant given as Asia/Tokyo wall-clock time (UTC+9). */
const tokyo = (local: string) => new Date(`${local}+09:00`);

describe('period presets', () => {
  it('offers 今日, 昨日, 今週, 今月, 先月 and 過去30日 in that order', () => {
    expect(PERIOD_PRESETS).toEqual(['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'last30Days']);
  });

  // Wednesday 2025-05-14, 10:00 in Tokyo.
  const wednesday = tokyo('2025-05-14T10:00:00');
  it.each<[PeriodPreset, string, string]>([
    ['today', '2025-05-14', '2025-05-14'],
    ['yesterday', '2025-05-13', '2025-05-13'],
    ['thisWeek', '2025-05-12', '2025-05-14'],
    ['thisMonth', '2025-05-01', '2025-05-14'],
    ['lastMonth', '2025-04-01', '2025-04-30'],
    ['last30Days', '2025-04-15', '2025-05-14'],
  ])('%s on a Wednesday mid-month is %s – %s', (preset, from, to) => {
    expect(presetPeriod(preset, wednesday)).toEqual({ from, to });
  });

  it('counts days in Tokyo, not UTC: 00:30 on 1 March in Tokyo is still 28 February in UTC', () => {
    const now = tokyo('2025-03-01T00:30:00');
    expect(now.toISOString().slice(0, 10)).toBe('2025-02-28');
    expect(presetPeriod('today', now)).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(presetPeriod('yesterday', now)).toEqual({ from: '2025-02-28', to: '2025-02-28' });
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(presetPeriod('lastMonth', now)).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    // Saturday 1 March: the week began on Monday 24 February.
    expect(presetPeriod('thisWeek', now)).toEqual({ from: '2025-02-24', to: '2025-03-01' });
    expect(presetPeriod('last30Days', now)).toEqual({ from: '2025-01-31', to: '2025-03-01' });
  });

  it('starts the week on Monday: on a Monday it is that day alone, on a Sunday the six days before too', () => {
    expect(presetPeriod('thisWeek', tokyo('2025-05-12T09:00:00'))).toEqual({ from: '2025-05-12', to: '2025-05-12' });
    expect(presetPeriod('thisWeek', tokyo('2025-05-18T23:59:00'))).toEqual({ from: '2025-05-12', to: '2025-05-18' });
  });

  it('crosses the year and the leap day', () => {
    const newYear = tokyo('2025-01-01T08:00:00');
    expect(presetPeriod('yesterday', newYear)).toEqual({ from: '2024-12-31', to: '2024-12-31' });
    expect(presetPeriod('lastMonth', newYear)).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    // Wednesday 1 January 2025: the week began on Monday 30 December 2024.
    expect(presetPeriod('thisWeek', newYear)).toEqual({ from: '2024-12-30', to: '2025-01-01' });
    expect(presetPeriod('lastMonth', tokyo('2024-03-10T12:00:00'))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('never ends after today', () => {
    const now = tokyo('2025-07-31T18:00:00');
    for (const preset of PERIOD_PRESETS) expect(presetPeriod(preset, now).to <= '2025-07-31').toBe(true);
  });

  it('finds the preset a period is, the first in order when two agree', () => {
    const wednesday = tokyo('2025-05-14T10:00:00');
    expect(matchingPreset({ from: '2025-04-01', to: '2025-04-30' }, wednesday)).toBe('lastMonth');
    expect(matchingPreset({ from: '2025-05-14', to: '2025-05-14' }, wednesday)).toBe('today');
    expect(matchingPreset({ from: '2025-04-02', to: '2025-04-30' }, wednesday)).toBeNull();
    // On the 1st, 今日 and 今月 are the same day: 今日 is marked.
    expect(matchingPreset({ from: '2025-05-01', to: '2025-05-01' }, tokyo('2025-05-01T10:00:00'))).toBe('today');
  });

  it('does day arithmetic on calendar days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(weekdayOf('2025-05-11')).toBe(0);
    expect(weekdayOf('2025-05-17')).toBe(6);
  });
});
