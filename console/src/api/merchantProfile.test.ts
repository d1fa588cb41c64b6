import type { MerchantProfile } from '@coin/contract';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/app/config';
import { api } from './instance';
import { merchantImageSrc, merchantProfileKeys, profileChanged, uploadMerchantImage } from './merchantProfile';
import { merchantKeys } from './merchants';
import { merchantPaymentKeys } from './payments';

// The app's client and session need a browser; these tests look at what the module asks of them.
vi.mock('./instance', () => ({ api: { call: vi.fn(async () => ({})) } }));
vi.mock('@/session', () => ({ session: { renameMerchant: vi.fn() } }));

const config = {
  apiBaseUrl: 'https://api.example.jp/api/',
  noticeUrl: '',
  passwordMinLength: 8,
  notificationMs: 5000,
  requestTimeoutMs: 30_000,
  appHandover: { scheme: 'coin', universalLinkBase: '', iosStoreUrl: '', androidStoreUrl: '' },
};

const profile: MerchantProfile = {
  merchant_id: 3,
  name: '新しい店名',
  description: '',
  postal_code: '',
  prefecture: '',
  city: '',
  street: '',
  phone: '',
  business_hours: '',
  invoice_registration_no: '',
  status: 'OPEN',
  thumbnail_url: null,
  image_url: null,
  tags: [],
  updated_at: '2026-04-01T01:00:00.000Z',
};

beforeEach(() => {
  vi.mocked(api.call).mockClear();
  setConfig(config);
});

describe('merchant image addresses', () => {
  it('puts the API base URL before the path the profile gives', () => {
    const hash = 'a'.repeat(64);
    expect(merchantImageSrc(`/merchant_images/${hash}`)).toBe(`https://api.example.jp/api/merchant_images/${hash}`);
    setConfig({ ...config, apiBaseUrl: '/api' });
    expect(merchantImageSrc(`/merchant_images/${hash}`)).toBe(`/api/merchant_images/${hash}`);
    expect(merchantImageSrc(null)).toBeNull();
  });
});

describe('uploads', () => {
  it.each([
    ['thumbnail', 'uploadMerchantThumbnail'],
    ['image', 'uploadMerchantImage'],
  ] as const)('sends the %s as multipart with the one field `file`', async (kind, call) => {
    const file = new File([new Uint8Array([1, 2, 3])], 'shop.png', { type: 'image/png' });
    await uploadMerchantImage(3, kind, file);
    const [id, options] = vi.mocked(api.call).mock.calls[0] as unknown as [string, { params: unknown; body: FormData }];
    expect(id).toBe(call);
    expect(options.params).toEqual({ id: 3 });
    expect([...options.body.keys()]).toEqual(['file']);
    expect((options.body.get('file') as File).name).toBe('shop.png');
  });
});

describe('a changed profile', () => {
  it('shows at once, renames the merchant in the session and refetches what shows the merchant', async () => {
    const queryClient = new QueryClient();
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    queryClient.setQueryData(merchantProfileKeys.detail(3), { ...profile, name: '旧店名' });
    queryClient.setQueryData(merchantKeys.detail(3), { name: '旧店名' });
    queryClient.setQueryData(merchantKeys.latestPayment(3), {});
    queryClient.setQueryData(merchantPaymentKeys.payees(), []);
    queryClient.setQueryData(merchantKeys.detail(4), { name: '別の店' });
    const rename = vi.fn();

    await profileChanged(queryClient, profile, rename);

    expect(queryClient.getQueryData(merchantProfileKeys.detail(3))).toEqual(profile);
    expect(rename).toHaveBeenCalledWith(3, '新しい店名');
    expect(stale(merchantKeys.detail(3))).toBe(true);
    expect(stale(merchantKeys.latestPayment(3))).toBe(true);
    expect(stale(merchantPaymentKeys.payees())).toBe(true);
    expect(stale(merchantKeys.detail(4))).toBe(false);
  });
});
