/** The chart's height in CSS pixels: the chart, its loading placeholder and the card's agree. */
export const SALES_CHART_HEIGHT = 220;

export interface DailyPoint {
  date: string;
  amount: number;
  count: number;
}

/** One point per day of `days` (oldest first); days without sales are zero. */
export function dailySeries(days: readonly string[], items: readonly DailyPoint[]): DailyPoint[] {
  const byDate = new Map(items.map((item) => [item.date, item]));
  return days.map((date) => byDate.get(date) ?? { date, amount: 0, count: 0 });
}
