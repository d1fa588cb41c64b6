// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/api/errors';
import { api } from '@/api/instance';
import { merchantQrKeys } from '@/api/merchantSettings';
import { mount } from '@/components/formTesting';
import { seedError, TEST_MERCHANT, testQueryClient } from '@/components/pageTesting';
import QrCodePage from './QrCodePage';

// The app's client and session need a browser: the page reads its data from the cache the test fills.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const qr = {
  url: 'https://qr.example.jp/merchant/?wallet_no=1234567890',
  merchant_name: 'めぶく商店',
  wallet_no: '1234567890',
};

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

/** Whether the page shows `text` (in an element's own text, whole or in part). */
const shows = (text: string) => screen.queryAllByText(text, { exact: false }).length > 0;

describe('QrCodePage', () => {
  it('shows a loading state until the code arrives', async () => {
    vi.mocked(api.call).mockReturnValue(new Promise(() => {}));
    await mount(<QrCodePage />, testQueryClient());
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it.each([
    ['a network failure', new NetworkError(), 'ネットワーク'],
    ['a refusal', new ApiError(403, { type: 'forbidden', message: 'Forbidden' }), 'この操作を行う権限がありません'],
  ])('shows %s with a retry button', async (_, error, message) => {
    const client = testQueryClient();
    await seedError(client, merchantQrKeys.detail(TEST_MERCHANT.merchant_id), error);
    await mount(<QrCodePage />, client);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('QRコードを読み込めませんでした');
    expect(alert.textContent).toContain(message);
    expect(screen.getByRole('button', { name: '再試行' })).toBeTruthy();
  });

  it('shows the code, the URL it encodes with a copy button, the downloads and how to put it up', async () => {
    const client = testQueryClient();
    client.setQueryData(merchantQrKeys.detail(TEST_MERCHANT.merchant_id), qr);
    await mount(<QrCodePage />, client);
    const code = screen.getByRole('img', { name: 'めぶく商店の支払い用QRコード' });
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(shows('めぶく商店')).toBe(true);
    expect(shows('ウォレット番号 1234567890')).toBe(true);
    expect(shows(qr.url)).toBe(true);
    expect(screen.getByRole('button', { name: 'URLをコピー' })).toBeTruthy();
    expect(shows('QRコード画像（PNG）')).toBe(true);
    expect(shows('A4ポスター（PDF）')).toBe(true);
    expect(shows('レジでの掲示のしかた')).toBe(true);
  });
});
