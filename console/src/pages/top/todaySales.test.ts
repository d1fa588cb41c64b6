import { describe, expect, it } from 'vitest';
import { changeOf, coinLines } from './todaySales';

describe('changeOf', () => {
  it('says up or down in whole percent', () => {
    expect(changeOf(11_200, 10_000)).toEqual({ kind: 'up', percent: 12 });
    expect(changeOf(9_150, 10_000)).toEqual({ kind: 'down', percent: 9 });
    expect(changeOf(30_000, 10_000)).toEqual({ kind: 'up', percent: 200 });
  });

  it('calls a change under half a percent the same', () => {
    expect(changeOf(10_040, 10_000)).toEqual({ kind: 'same' });
    expect(changeOf(5, 5)).toEqual({ kind: 'same' });
  });

  it('has nothing to compare with when there was nothing before', () => {
    expect(changeOf(1_000, 0)).toEqual({ kind: 'none' });
    expect(changeOf(null, 500)).toEqual({ kind: 'none' });
    expect(changeOf(500, null)).toEqual({ kind: 'none' });
  });
});

describe('coinLines', () => {
  const figure = (coins: { coin_id: number; coin_name: string; amount: number }[]) => ({
    amount: coins.reduce((sum, coin) => sum + coin.amount, 0),
    count: coins.length,
    average: null,
    coins: coins.map((coin) => ({ ...coin, count: 1 })),
    span: { from: '2026-11-25T15:00:00.000Z', to: '2026-11-26T06:30:00.000Z' },
  });

  it("puts today's and this month's sales of each coin side by side, by coin id", () => {
    const lines = coinLines({
      today: figure([{ coin_id: 3, coin_name: 'まちコイン', amount: 800 }]),
      month: figure([
        { coin_id: 3, coin_name: 'まちコイン', amount: 9_800 },
        { coin_id: 1, coin_name: 'めぶくコイン', amount: 120_000 },
      ]),
    });
    expect(lines).toEqual([
      { coinId: 1, name: 'めぶくコイン', today: 0, month: 120_000 },
      { coinId: 3, name: 'まちコイン', today: 800, month: 9_800 },
    ]);
  });
});
