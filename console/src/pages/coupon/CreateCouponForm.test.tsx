// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { descriptionOf, fieldByLabel, mount, submitWith, typeInto } from '@/components/formTesting';
import CreateCouponForm from './CreateCouponForm';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

async function mountForm() {
  await mount(<CreateCouponForm merchantId={7} merchantName="めぶく商店" onCreated={() => {}} />);
}

describe('CreateCouponForm', () => {
  it('takes full-width amounts, shows them parsed, and focuses the first invalid field after a failed submit', async () => {
    await mountForm();
    const discount = fieldByLabel('割引額') as HTMLInputElement;
    const stock = fieldByLabel('発行枚数') as HTMLInputElement;
    await typeInto(discount, '５００円');
    await typeInto(stock, '１，０００');
    expect(discount.value).toBe('500');
    expect(stock.value).toBe('1,000');
    await typeInto(fieldByLabel('最低購入金額'), '1.5');
    await submitWith('作成する');
    const name = fieldByLabel('クーポン名');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(descriptionOf(name)).toContain('クーポン名を入力してください');
    expect(fieldByLabel('最低購入金額').getAttribute('aria-invalid')).toBe('true');
    expect(discount.getAttribute('aria-invalid')).not.toBe('true');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('sends the parsed values and focuses the field a 400 refusal names', async () => {
    vi.mocked(api.call).mockRejectedValue(
      new ApiError(400, { type: 'invalid_request', field: 'stock', message: '発行枚数が多すぎます' }),
    );
    await mountForm();
    await typeInto(fieldByLabel('クーポン名'), '春のセール');
    await typeInto(fieldByLabel('割引額'), '１００');
    await typeInto(fieldByLabel('発行枚数'), '２，０００');
    await submitWith('作成する');
    const stock = fieldByLabel('発行枚数');
    await waitFor(() => expect(document.activeElement).toBe(stock));
    expect(descriptionOf(stock)).toContain('発行枚数が多すぎます');
    expect(vi.mocked(api.call).mock.calls[0]?.[1]).toMatchObject({
      body: { name: '春のセール', discount_type: 'AMOUNT', discount_value: 100, min_purchase: 0, stock: 2000 },
    });
  });
});
