// @vitest-environment happy-dom
import type { RebateCoinSettings } from '@coin/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/api/errors';
import { rebateCoinKeys } from '@/api/merchantSettings';
import { fieldByLabel, mount } from '@/components/formTesting';
import { seedError, showFirstRender, TEST_MERCHANT, testQueryClient } from '@/components/pageTesting';
import RebateCoinPage from './RebateCoinPage';
import RebateExample, { rebateExamples } from './RebateExample';

// The app's client and session need a browser: the page reads its data from the cache the test fills.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const settings: RebateCoinSettings = {
  coin_id: 1,
  rate_bp: 100,
  coins: [
    { id: 1, name: 'めぶくコイン' },
    { id: 2, name: 'ぐんまポイント' },
  ],
  max_rate_bp: 1000,
  step_bp: 10,
};

/** The page's first render, with the settings in the cache or not (before any effect: no example yet). */
function firstRender(data?: RebateCoinSettings) {
  const client = testQueryClient();
  if (data) client.setQueryData(rebateCoinKeys.detail(TEST_MERCHANT.merchant_id), data);
  return showFirstRender(<RebateCoinPage />, client);
}

/** The page with its settings, in the document, once its lazily loaded example has arrived. */
async function showLoaded(data: RebateCoinSettings) {
  const client = testQueryClient();
  client.setQueryData(rebateCoinKeys.detail(TEST_MERCHANT.merchant_id), data);
  await mount(<RebateCoinPage />, client);
  await screen.findByRole('heading', { name: '還元の例' });
}

/** Whether the page shows `text` (in an element's own text, whole or in part). */
const shows = (text: string, page: HTMLElement = document.body) =>
  within(page).queryAllByText(text, { exact: false }).length > 0;

describe('RebateCoinPage', () => {
  it('shows a loading state until the settings arrive', () => {
    const page = firstRender();
    expect(within(page).getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(shows('読み込み中…', page)).toBe(true);
    expect(within(page).queryByRole('form')).toBeNull();
    expect(within(page).queryByRole('button')).toBeNull();
  });

  it('shows the failure with a retry button', async () => {
    const client = testQueryClient();
    await seedError(client, rebateCoinKeys.detail(TEST_MERCHANT.merchant_id), new NetworkError());
    await mount(<RebateCoinPage />, client);
    expect(screen.getByRole('alert').textContent).toContain('還元の設定を読み込めませんでした');
    expect(screen.getByRole('button', { name: '再試行' })).toBeTruthy();
  });

  it('starts from the saved coin and rate, with the worked example at that rate', async () => {
    await showLoaded(settings);
    expect(shows('現在の設定：めぶくコインで1%を還元')).toBe(true);
    const coin = fieldByLabel<HTMLSelectElement>('還元するコイン');
    expect(within(coin).getByRole<HTMLOptionElement>('option', { name: 'めぶくコイン' }).selected).toBe(true);
    expect(within(coin).getByRole('option', { name: '還元しない' })).toBeTruthy();
    expect(fieldByLabel('還元率').value).toBe('1');
    expect(shows('0〜10%、0.1%単位')).toBe(true);
    expect(shows('1,000円のお支払いで 10 めぶくコインを還元')).toBe(true);
    expect(shows('10,000円のお支払いで 100 めぶくコインを還元')).toBe(true);
  });

  it('shows the worked example as an empty card while it loads', () => {
    const page = firstRender({ ...settings, rate_bp: 250 });
    expect(within(page).getByRole('heading', { name: '還元の例' })).toBeTruthy();
    expect(shows('250円', page)).toBe(false);
  });

  it('shows 還元しない with the rate at 0 and disabled', async () => {
    await showLoaded({ ...settings, coin_id: null, rate_bp: 0 });
    expect(shows('現在の設定：還元しない')).toBe(true);
    const coin = fieldByLabel<HTMLSelectElement>('還元するコイン');
    expect(within(coin).getByRole<HTMLOptionElement>('option', { name: '還元しない' }).selected).toBe(true);
    const rate = fieldByLabel('還元率');
    expect(rate.disabled).toBe(true);
    expect(rate.value).toBe('0');
    expect(shows('お支払いに対する還元は行いません。')).toBe(true);
  });
});

describe('RebateExample: the worked example as the rate is typed', () => {
  it("gives back the rate of each amount with the contract's rounding (fractions cut off)", () => {
    expect(rebateExamples(100)).toEqual([
      { amount: 500, rebate: 5 },
      { amount: 1000, rebate: 10 },
      { amount: 10000, rebate: 100 },
    ]);
    expect(rebateExamples(50).map(({ rebate }) => rebate)).toEqual([2, 5, 50]);
    expect(rebateExamples(10).map(({ rebate }) => rebate)).toEqual([0, 1, 10]);
  });

  /** The example for the coin and rate typed. */
  const example = (coinId: string, rate: string) =>
    showFirstRender(<RebateExample settings={settings} values={{ coinId, rate }} />);

  it('follows the rate typed, in full-width digits too, with fractions cut off', () => {
    expect(shows('500円のお支払いで 2 ぐんまポイントを還元', example('2', '０．５'))).toBe(true);
    expect(shows('1,000円のお支払いで 5 ぐんまポイントを還元', example('2', '0.5'))).toBe(true);
    expect(shows('1未満の端数は切り捨てます。', example('2', '0.5'))).toBe(true);
    expect(shows('10,000円のお支払いで 1,000 めぶくコインを還元', example('1', '10'))).toBe(true);
  });

  it('asks for a valid rate while the one typed is not (empty, off-step, over the maximum, not a number)', () => {
    for (const rate of ['', '1.25', '10.5', 'abc', '0']) {
      const shown = example('1', rate);
      expect(shows('還元率を正しく入力すると、還元の例が表示されます。', shown), rate).toBe(true);
      expect(shows('円のお支払いで', shown), rate).toBe(false);
    }
  });
});
