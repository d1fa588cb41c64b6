// @vitest-environment happy-dom
import type { WalletHistory } from '@coin/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletKeys } from '@/api/wallets';
import { mount } from '@/components/formTesting';
import { TEST_MERCHANT, testQueryClient } from '@/components/pageTesting';
import { recentPeriod } from './paymentPeriod';
import RequestRefundPage from './RequestRefundPage';

// The app's client and session need a browser: the page reads its data from the cache the test fills.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));
// The list's period, page and filters come from the URL's search (no router in this test).
const routerState = vi.hoisted(() => ({ search: {} as Record<string, unknown> }));
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  useSearch: () => routerState.search,
  useNavigate: () => () => Promise.resolve(),
}));

const row = (
  transactionId: number,
  amount: number,
  remaining: number | null,
  coin = 'めぶくコイン',
): WalletHistory => ({
  transaction_id: transactionId,
  created_at: '2026-11-20T01:00:00.000Z',
  type: 'PAYMENT',
  coin_id: coin === 'めぶくコイン' ? 1 : 2,
  coin_name: coin,
  amount,
  balance: 100_000,
  counterparty: '5100000007',
  comment: null,
  refundable_remaining: remaining,
});

/** The names of the buttons that choose a payment. */
const choices = () =>
  screen.getAllByRole('button', { name: /^支払い \d+ を選択$/ }).map((button) => button.getAttribute('aria-label'));
/** The table row of a payment. */
const paymentRow = (id: number) =>
  within(screen.getByRole('table', { name: '返金できる支払い' })).getByRole('row', {
    name: (name) => name.includes(`取引ID ${id} `),
  });
/** Each cell of the row is read with its column's name: the cell read as `name`. */
const cell = (row: HTMLElement, name: string) => within(row).getByRole('cell', { name });

describe('RequestRefundPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
    routerState.search = {};
  });
  afterEach(() => vi.useRealTimers());

  it("shows each payment's remaining refundable amount and offers only those with something left", async () => {
    const client = testQueryClient();
    const period = recentPeriod(30);
    client.setQueryData(
      walletKeys.list(TEST_MERCHANT.wallet_no, {
        start_date: period.from,
        end_date: period.to,
        type: 'PAYMENT',
        limit: 20,
        offset: 1,
      }),
      {
        items: [row(101, 3000, 1200), row(102, 500, 0), row(103, 800, null, 'ポイント')],
        total: 3,
        limit: 20,
        offset: 1,
      },
    );
    await mount(<RequestRefundPage />, client);
    expect(screen.getByRole('columnheader', { name: '返金可能残額' })).toBeTruthy();
    // One button, for the payment with something left.
    expect(choices()).toEqual(['支払い 101 を選択']);
    expect(cell(paymentRow(101), '支払金額 3,000')).toBeTruthy();
    expect(cell(paymentRow(101), '返金可能残額 1,200')).toBeTruthy();
    expect(cell(paymentRow(102), '選択 残額なし')).toBeTruthy();
    expect(cell(paymentRow(102), '支払金額 500')).toBeTruthy();
    expect(cell(paymentRow(102), '返金可能残額 0')).toBeTruthy();
    expect(cell(paymentRow(103), '選択 返金不可')).toBeTruthy();
    expect(cell(paymentRow(103), '支払金額 800')).toBeTruthy();
    expect(cell(paymentRow(103), '返金可能残額 —')).toBeTruthy();
    // No form until a payment is chosen.
    expect(screen.queryAllByText('返金の内容', { exact: false })).toEqual([]);
    // The amount and time-of-day filters sit behind one button, none set.
    expect(screen.getByRole('button', { name: '金額・時刻で絞り込む', expanded: false })).toBeTruthy();
  });

  it('lists the payments of the URL: period, page, id, amount and time of day, the count on the button', async () => {
    routerState.search = {
      from: '2026-11-01',
      to: '2026-11-20',
      page: '2',
      amount: '3000',
      timeFrom: '12:00',
      timeTo: '13:00',
    };
    const client = testQueryClient();
    client.setQueryData(
      walletKeys.list(TEST_MERCHANT.wallet_no, {
        start_date: '2026-11-01',
        end_date: '2026-11-20',
        type: 'PAYMENT',
        limit: 20,
        offset: 2,
        amount: 3000,
        time_from: '12:00',
        time_to: '13:00',
      }),
      { items: [row(104, 3000, 3000)], total: 21, limit: 20, offset: 2 },
    );
    await mount(<RequestRefundPage />, client);
    expect(choices()).toEqual(['支払い 104 を選択']);
    expect(screen.getByText('金額 3,000・時刻 12:00〜13:00', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: '金額・時刻で絞り込む（2件の条件を適用中）' })).toBeTruthy();
  });
});
