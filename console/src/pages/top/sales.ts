/** The chart's height in CSS pixels: the chart, its loading placeholder and the card's agree. */
export const SALES_CHART_HEIGHT = 220;
/** The selected day's line above the chart, and the gap under it. */
export const SALES_READOUT_HEIGHT = 22;
export const SALES_READOUT_GAP = 4;
/** What the chart takes with its readout: its placeholders take as much. */
export const SALES_CHART_BLOCK_HEIGHT = SALES_CHART_HEIGHT + SALES_READOUT_HEIGHT + SALES_READOUT_GAP;

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
