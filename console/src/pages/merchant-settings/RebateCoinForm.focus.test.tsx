// @vitest-environment happy-dom
import type { RebateCoinSettings } from '@coin/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { rebateCoinKeys } from '@/api/merchantSettings';
import { descriptionOf, fieldByLabel, formQueryClient, mount, submitWith, typeInto } from '@/components/formTesting';
import { TEST_MERCHANT } from '@/components/pageTesting';
import RebateCoinPage from './RebateCoinPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const settings: RebateCoinSettings = {
  coin_id: null,
  rate_bp: 0,
  coins: [{ id: 1, name: 'めぶくコイン' }],
  max_rate_bp: 1000,
  step_bp: 10,
};

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

describe('RebateCoinPage form', () => {
  it('takes a full-width rate, shows it parsed, and focuses the rate after a refused submit', async () => {
    const client = formQueryClient();
    client.setQueryData(rebateCoinKeys.detail(TEST_MERCHANT.merchant_id), settings);
    await mount(<RebateCoinPage />, client);
    await typeInto(fieldByLabel('還元するコイン'), '1');
    const rate = fieldByLabel('還元率') as HTMLInputElement;
    await typeInto(rate, '１２．５％');
    expect(rate.value).toBe('12.5');
    await submitWith('保存する');
    await waitFor(() => expect(document.activeElement).toBe(rate));
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(rate.getAttribute('aria-describedby')).toContain('-error');
    expect(descriptionOf(rate)).toContain('%');
    expect(api.call).not.toHaveBeenCalled();
  });
});
