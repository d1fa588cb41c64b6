import { addDays, TRANSACTION_TOTALS_MAX_DAYS, type TransactionTotals } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/api/errors';
import { renderHtml, textOf } from '@/components/pageTesting';
import { t } from '@/i18n';
import { TotalsCard, TotalsView, totalsPeriodTooLong } from './TotalsCard';

// The app's client needs a browser: the view is given its query, nothing calls the server.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

type Query = Parameters<typeof TotalsView>[0]['query'];
const SETTLED: Query = {
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => Promise.reject(new Error('not in this test')),
};
const view = (query: Partial<Query>) => textOf(renderHtml(<TotalsView query={{ ...SETTLED, ...query }} />));

const totals: TransactionTotals = {
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  previous_start_date: '2026-10-02',
  previous_end_date: '2026-10-31',
  items: [
    {
      type: 'PAYMENT',
      coin_id: 1,
      coin_name: 'めぶくコイン',
      count: 1234,
      amount: 567_890,
      previous_count: 1000,
      previous_amount: 450_000,
    },
    {
      type: 'REFUND',
      coin_id: 1,
      coin_name: 'めぶくコイン',
      count: 2,
      amount: -3000,
      previous_count: 0,
      previous_amount: 0,
    },
  ],
};

describe('the totals card', () => {
  it('is titled and sketches while loading', () => {
    const html = renderHtml(<TotalsView query={{ ...SETTLED, isPending: true }} />);
    expect(textOf(html)).toContain('期間の集計');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('mantine-Skeleton-root');
  });

  it('says so when neither period holds an entry', () => {
    expect(view({ data: { ...totals, items: [] } })).toContain('この期間と前期間の取引はありません');
  });

  it('offers a retry when the call fails', () => {
    const text = view({ isError: true, error: new NetworkError() });
    expect(text).toContain(t('actions.retry'));
  });

  it('shows each type and coin: count and total, beside the previous period', () => {
    const text = view({ data: totals });
    expect(text).toContain('2026/11/01〜2026/11/30 の種別ごとの件数と合計（前期間: 2026/10/02〜2026/10/31）');
    expect(text).toContain('種別 コイン 件数 合計 前期間の件数 前期間の合計');
    // Each cell also carries its column's header, shown only when a row is a card (a phone).
    const inOrder = (...values: string[]) =>
      new RegExp(values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(' (?:\\S+ )?'));
    expect(text).toMatch(
      inOrder(t('transactionTypes.PAYMENT'), 'コイン', 'めぶくコイン', '件数', '1,234', '合計', '+567,890'),
    );
    expect(text).toMatch(inOrder('前期間の件数', '1,000', '前期間の合計', '+450,000'));
    expect(text).toMatch(
      inOrder(t('transactionTypes.REFUND'), 'コイン', 'めぶくコイン', '件数', '2', '合計', '−3,000'),
    );
    // Signed as in the list, with its minus sign (U+2212), not a hyphen.
    expect(text).not.toContain('-3,000');
  });

  it(`takes the server's longest period, ${TRANSACTION_TOTALS_MAX_DAYS} days, and says its limit for a longer one`, () => {
    const end = '2026-11-30';
    const longest = addDays(end, 1 - TRANSACTION_TOTALS_MAX_DAYS);
    expect(totalsPeriodTooLong(longest, end)).toBe(false);
    expect(totalsPeriodTooLong(addDays(longest, -1), end)).toBe(true);
    // The server's words (server/src/http/transactionTotals.test.ts), in place of the figures.
    const limit = `期間は${TRANSACTION_TOTALS_MAX_DAYS}日以内で指定してください`;
    const html = renderHtml(<TotalsCard walletNo="1234567890" from={addDays(longest, -1)} to={end} />);
    expect(textOf(html)).toContain(limit);
    expect(html).not.toContain('mantine-Skeleton-root');
    // Even with figures of an earlier period still at hand, the limit is all the card says.
    expect(textOf(renderHtml(<TotalsView query={{ ...SETTLED, data: totals }} tooLong />))).toBe(`期間の集計 ${limit}`);
  });
});
