import type { SalesSummary } from '@coin/contract';

/* The day at a glance: how a figure compares with the same stretch before. */

export type Change =
  | { kind: 'up' | 'down'; percent: number }
  | { kind: 'same' }
  /** Nothing before to compare with (no sales then, or no average). */
  | { kind: 'none' };

/** `now` against `before`, in whole percent (rounded half away from zero; 0.4% is the same). */
export function changeOf(now: number | null, before: number | null): Change {
  if (now === null || before === null || before === 0) return { kind: 'none' };
  const percent = Math.round((Math.abs(now - before) / before) * 100);
  if (percent === 0) return { kind: 'same' };
  return { kind: now > before ? 'up' : 'down', percent };
}

export interface CoinLine {
  coinId: number;
  name: string;
  today: number;
  month: number;
}

/** One line per coin sold this month (today's figure 0 when none today), by coin id. */
export function coinLines(summary: Pick<SalesSummary, 'today' | 'month'>): CoinLine[] {
  const today = new Map(summary.today.coins.map((coin) => [coin.coin_id, coin.amount]));
  const lines = new Map<number, CoinLine>();
  for (const coin of summary.month.coins) {
    lines.set(coin.coin_id, {
      coinId: coin.coin_id,
      name: coin.coin_name,
      today: today.get(coin.coin_id) ?? 0,
      month: coin.amount,
    });
  }
  // Today's sales are this month's too, but a month starting today has them only in `today` if it was
  // summed at another instant: keep any coin of today's that the month does not list.
  for (const coin of summary.today.coins) {
    if (!lines.has(coin.coin_id)) {
      lines.set(coin.coin_id, { coinId: coin.coin_id, name: coin.coin_name, today: coin.amount, month: coin.amount });
    }
  }
  return [...lines.values()].sort((a, b) => a.coinId - b.coinId);
}
