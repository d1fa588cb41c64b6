import { groupedInteger } from '@coin/contract';

/** A "nice" axis for amounts from 0 to `max`: steps of 1, 2 or 5 × 10ⁿ, at most `count` + 1 lines. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= rough) ?? rough;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value));
  return ticks;
}

/** Short yen for an axis: 12,000 → 1.2万, 3,400,000 → 340万, below 10,000 as it is. */
export function axisYen(amount: number): string {
  if (amount < 10_000) return groupedInteger(amount);
  const man = amount / 10_000;
  return `${Number.isInteger(man) ? groupedInteger(man) : man.toFixed(1)}万`;
}
