import { describe, expect, it } from 'vitest';
import {
  formatBasisPoints,
  formatCoin,
  formatDate,
  formatDateTime,
  formatMonth,
  formatYen,
  lastTokyoDays,
  tokyoMonth,
  tokyoToday,
} from './format';

describe('format', () => {
  it('formats yen and coins with Japanese thousands separators', () => {
    expect(formatYen(1234567)).toBe('￥1,234,567');
    expect(formatCoin(1234567)).toBe('1,234,567');
    expect(formatCoin(-500)).toBe('-500');
  });

  it('shows instants as Asia/Tokyo date-times whatever the machine zone', () => {
    expect(formatDateTime('2026-11-21T15:30:00Z')).toBe('2026/11/22 00:30');
    expect(formatDate('2026-11-21T15:30:00Z')).toBe('2026/11/22');
    expect(formatDateTime(new Date('2026-11-21T14:59:59.999Z'))).toBe('2026/11/21 23:59');
    expect(formatDateTime('2026-11-21T00:00:00+09:00')).toBe('2026/11/21 00:00');
  });

  it('leaves what is no instant as it came rather than failing the page', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate('')).toBe('');
  });

  it('shows YYYYMM months as YYYY年M月', () => {
    expect(formatMonth('202604')).toBe('2026年4月');
    expect(formatMonth('202612')).toBe('2026年12月');
    expect(formatMonth('bad')).toBe('bad');
  });

  it('counts calendar days and months in Asia/Tokyo', () => {
    const lateUtc = new Date('2026-11-30T16:00:00Z'); // 2026-12-01 01:00 in Tokyo
    expect(tokyoToday(lateUtc)).toBe('2026-12-01');
    expect(tokyoMonth(lateUtc)).toBe('202612');
    const days = lastTokyoDays(30, lateUtc);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-11-02');
    expect(days.at(-1)).toBe('2026-12-01');
  });

  it('shows basis points as a percentage', () => {
    expect(formatBasisPoints(250)).toBe('2.5');
    expect(formatBasisPoints(300)).toBe('3');
    expect(formatBasisPoints(0)).toBe('0');
  });
});
