import type { RebateCoinSettings } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/api/errors';
import { rebateCoinKeys } from '@/api/merchantSettings';
import { inputValueOf, renderHtml, seedError, TEST_MERCHANT, testQueryClient, textOf } from '@/components/pageTesting';
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

function renderWith(data?: RebateCoinSettings) {
  const client = testQueryClient();
  if (data) client.setQueryData(rebateCoinKeys.detail(TEST_MERCHANT.merchant_id), data);
  return renderHtml(<RebateCoinPage />, client);
}

/** The page once its lazily loaded example has arrived (the first render starts loading it). */
async function renderLoaded(data: RebateCoinSettings) {
  renderWith(data);
  await import('./RebateExample');
  await new Promise((resolve) => setTimeout(resolve, 0));
  return renderWith(data);
}

describe('RebateCoinPage', () => {
  it('shows a loading state until the settings arrive', () => {
    const html = renderWith();
    expect(html).toContain('aria-busy="true"');
    expect(textOf(html)).toContain('読み込み中…');
    expect(html).not.toContain('<form');
  });

  it('shows the failure with a retry button', async () => {
    const client = testQueryClient();
    await seedError(client, rebateCoinKeys.detail(TEST_MERCHANT.merchant_id), new NetworkError());
    const text = textOf(renderHtml(<RebateCoinPage />, client));
    expect(text).toContain('還元の設定を読み込めませんでした');
    expect(text).toContain('再試行');
  });

  it('starts from the saved coin and rate, with the worked example at that rate', async () => {
    const html = await renderLoaded(settings);
    const text = textOf(html);
    expect(text).toContain('現在の設定：めぶくコインで1%を還元');
    expect(html).toMatch(/<option value="1" selected="">めぶくコイン<\/option>/);
    expect(text).toContain('還元しない');
    expect(inputValueOf(html, '還元率')).toBe('1');
    expect(text).toContain('0〜10%、0.1%単位');
    expect(text).toContain('1,000円のお支払いで 10 めぶくコインを還元');
    expect(text).toContain('10,000円のお支払いで 100 めぶくコインを還元');
  });

  it('shows the worked example as an empty card while it loads', () => {
    const text = textOf(renderWith({ ...settings, rate_bp: 250 }));
    expect(text).toContain('還元の例');
    expect(text).not.toContain('250円');
  });

  it('shows 還元しない with the rate at 0 and disabled', async () => {
    const html = await renderLoaded({ ...settings, coin_id: null, rate_bp: 0 });
    expect(textOf(html)).toContain('現在の設定：還元しない');
    expect(html).toMatch(/<option value="" selected="">還元しない<\/option>/);
    expect(html).toMatch(/<input[^>]*disabled=""[^>]*value="0"/);
    expect(textOf(html)).toContain('お支払いに対する還元は行いません。');
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

  const exampleText = (coinId: string, rate: string) =>
    textOf(renderHtml(<RebateExample settings={settings} values={{ coinId, rate }} />));

  it('follows the rate typed, in full-width digits too, with fractions cut off', () => {
    expect(exampleText('2', '０．５')).toContain('500円のお支払いで 2 ぐんまポイントを還元');
    expect(exampleText('2', '0.5')).toContain('1,000円のお支払いで 5 ぐんまポイントを還元');
    expect(exampleText('2', '0.5')).toContain('1未満の端数は切り捨てます。');
    expect(exampleText('1', '10')).toContain('10,000円のお支払いで 1,000 めぶくコインを還元');
  });

  it('asks for a valid rate while the one typed is not (empty, off-step, over the maximum, not a number)', () => {
    for (const rate of ['', '1.25', '10.5', 'abc', '0']) {
      const text = exampleText('1', rate);
      expect(text, rate).toContain('還元率を正しく入力すると、還元の例が表示されます。');
      expect(text, rate).not.toContain('円のお支払いで');
    }
  });
});
