import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/api/errors';
import { merchantQrKeys } from '@/api/merchantSettings';
import { renderHtml, seedError, TEST_MERCHANT, testQueryClient, textOf } from '@/components/pageTesting';
import QrCodePage from './QrCodePage';

// The app's client and session need a browser: the page reads its data from the cache the test fills.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const qr = {
  url: 'https://qr.example.jp/merchant/?wallet_no=1234567890',
  merchant_name: 'めぶく商店',
  wallet_no: '1234567890',
};

describe('QrCodePage', () => {
  it('shows a loading state until the code arrives', () => {
    const html = renderHtml(<QrCodePage />);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('<svg');
  });

  it.each([
    ['a network failure', new NetworkError(), 'ネットワーク'],
    ['a refusal', new ApiError(403, { type: 'forbidden', message: 'Forbidden' }), 'この操作を行う権限がありません'],
  ])('shows %s with a retry button', async (_, error, message) => {
    const client = testQueryClient();
    await seedError(client, merchantQrKeys.detail(TEST_MERCHANT.merchant_id), error);
    const text = textOf(renderHtml(<QrCodePage />, client));
    expect(text).toContain('QRコードを読み込めませんでした');
    expect(text).toContain(message);
    expect(text).toContain('再試行');
  });

  it('shows the code, the URL it encodes with a copy button, the downloads and how to put it up', () => {
    const client = testQueryClient();
    client.setQueryData(merchantQrKeys.detail(TEST_MERCHANT.merchant_id), qr);
    const html = renderHtml(<QrCodePage />, client);
    const text = textOf(html);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="めぶく商店の支払い用QRコード"/);
    expect(text).toContain('めぶく商店');
    expect(text).toContain('ウォレット番号 1234567890');
    expect(text).toContain(qr.url);
    expect(text).toContain('URLをコピー');
    expect(text).toContain('QRコード画像（PNG）');
    expect(text).toContain('A4ポスター（PDF）');
    expect(text).toContain('レジでの掲示のしかた');
  });
});
