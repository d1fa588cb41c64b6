// @vitest-environment happy-dom
import { addDays, TRANSACTION_TOTALS_MAX_DAYS, type TransactionTotals } from '@coin/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/api/errors';
import { mount } from '@/components/formTesting';
import { testQueryClient } from '@/components/pageTesting';
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
/** Shows the card in the state `query`; returns it, found by its title. */
async function view(query: Partial<Query>, tooLong?: boolean) {
  await mount(<TotalsView query={{ ...SETTLED, ...query }} tooLong={tooLong} />, testQueryClient());
  return screen.getByRole('region', { name: '期間の集計' });
}
/** The row's cells, in order, are the cells a screen reader reads with these names. */
function expectCellsNamed(row: HTMLElement, names: string[]) {
  const cells = within(row).getAllByRole('cell');
  expect(cells).toEqual(names.map((name) => within(row).getByRole('cell', { name })));
}
/** The loading sketch's lines: drawn, not read (Mantine's skeletons have no role). */
const sketched = (card: HTMLElement) => card.querySelector('.mantine-Skeleton-root') !== null;

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
  it('is titled and sketches while loading', async () => {
    const card = await view({ isPending: true });
    expect(within(card).getByRole('heading', { name: '期間の集計' })).toBeTruthy();
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(sketched(card)).toBe(true);
  });

  it('says so when neither period holds an entry', async () => {
    const card = await view({ data: { ...totals, items: [] } });
    expect(within(card).getByText('この期間と前期間の取引はありません', { exact: false })).toBeTruthy();
  });

  it('offers a retry when the call fails', async () => {
    const card = await view({ isError: true, error: new NetworkError() });
    expect(within(card).getByRole('button', { name: t('actions.retry') })).toBeTruthy();
  });

  it('shows each type and coin: count and total, beside the previous period', async () => {
    const card = await view({ data: totals });
    expect(
      within(card).getByText('2026/11/01〜2026/11/30 の種別ごとの件数と合計（前期間: 2026/10/02〜2026/10/31）'),
    ).toBeTruthy();
    const table = within(card).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['種別', 'コイン', '件数', '合計', '前期間の件数', '前期間の合計']);
    // Each cell also carries its column's header (shown only when a row is a card, on a phone): a row
    // is read as header and value, cell by cell.
    const [, payment, refund, ...more] = within(table).getAllByRole('row');
    expect(more).toEqual([]);
    expectCellsNamed(payment as HTMLElement, [
      `種別 ${t('transactionTypes.PAYMENT')}`,
      'コイン めぶくコイン',
      '件数 1,234',
      '合計 +567,890',
      '前期間の件数 1,000',
      '前期間の合計 +450,000',
    ]);
    expectCellsNamed(refund as HTMLElement, [
      `種別 ${t('transactionTypes.REFUND')}`,
      'コイン めぶくコイン',
      '件数 2',
      '合計 −3,000',
      '前期間の件数 0',
      '前期間の合計 0',
    ]);
    // Signed as in the list, with its minus sign (U+2212), not a hyphen.
    expect(table.textContent).not.toContain('-3,000');
  });

  it(`takes the server's longest period, ${TRANSACTION_TOTALS_MAX_DAYS} days, and says its limit for a longer one`, async () => {
    const end = '2026-11-30';
    const longest = addDays(end, 1 - TRANSACTION_TOTALS_MAX_DAYS);
    expect(totalsPeriodTooLong(longest, end)).toBe(false);
    expect(totalsPeriodTooLong(addDays(longest, -1), end)).toBe(true);
    // The server's words (server/src/http/transactionTotals.test.ts), in place of the figures.
    const limit = `期間は${TRANSACTION_TOTALS_MAX_DAYS}日以内で指定してください`;
    await mount(<TotalsCard walletNo="1234567890" from={addDays(longest, -1)} to={end} />, testQueryClient());
    const card = screen.getByRole('region', { name: '期間の集計' });
    expect(within(card).getByText(limit)).toBeTruthy();
    expect(sketched(card)).toBe(false);
    cleanup();
    // Even with figures of an earlier period still at hand, the limit is all the card says.
    const stale = await view({ data: totals }, true);
    expect(stale.textContent).toBe(`期間の集計${limit}`);
  });
});
