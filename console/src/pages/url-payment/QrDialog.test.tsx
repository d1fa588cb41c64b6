// @vitest-environment happy-dom
import type { UrlPayment } from '@coin/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, user } from '@/components/formTesting';
import QrDialog from './QrDialog';

const LINK: UrlPayment = {
  id: 31,
  url: 'https://qr.example.jp/payment/?url_payment=abc123',
  coin_id: 1,
  coin_name: 'めぶくコイン',
  amount: 1200,
  description: '季節のケーキ',
  expires_on: '2026-12-31',
  status: 'ACTIVE',
  use_count: 0,
  used_amount: 0,
  created_at: '2026-11-24T01:00:00.000Z',
  stopped_at: null,
};

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).share;
});

const shareButton = () => screen.queryByRole('button', { name: '「季節のケーキ」のURLを共有' });

describe("a payment link's QR dialog", () => {
  it('offers to share the link where the browser has a share sheet, with its URL and description', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await mount(<QrDialog link={LINK} onClose={() => {}} />);
    const button = shareButton();
    expect(button?.textContent).toBe('共有');
    await user().click(button as HTMLElement);
    expect(share).toHaveBeenCalledWith({ url: LINK.url, title: '季節のケーキ' });
  });

  it('keeps only copying elsewhere', async () => {
    await mount(<QrDialog link={LINK} onClose={() => {}} />);
    expect(shareButton()).toBeNull();
    expect(screen.getByRole('button', { name: '「季節のケーキ」のURLをコピー' })).toBeTruthy();
  });
});
