// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { idleTimeoutKeys } from '@/api/idleTimeout';
import { api } from '@/api/instance';
import { fieldByLabel, formQueryClient, mount, submitWith, typeInto } from '@/components/formTesting';
import { IdleTimeoutCard } from './IdleTimeoutCard';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

const LABEL = '自動ログアウトまでの時間';
const minutesField = () => fieldByLabel<HTMLSelectElement>(LABEL);

/** The card for merchant 4, its minutes in the cache and answered by the server. */
async function mountCard(minutes: number, put: (body: { minutes: number }) => Promise<unknown> = async (b) => b) {
  let current = { minutes };
  vi.mocked(api.call).mockImplementation((async (id: string, options?: { body?: { minutes: number } }) => {
    if (id === 'getIdleTimeout') return current;
    if (id === 'putIdleTimeout') {
      const answer = (await put(options?.body ?? { minutes: 0 })) as { minutes: number };
      current = answer;
      return answer;
    }
    throw new Error(`unexpected ${id}`);
  }) as typeof api.call);
  const client = formQueryClient();
  client.setQueryData(idleTimeoutKeys.merchant(4), { minutes });
  await mount(<IdleTimeoutCard merchantId={4} />, client);
}

describe("the Owner's minutes before the automatic sign-out (issue 48)", () => {
  it('says what PCI DSS asks and that the change applies at once, and shows the saved minutes', async () => {
    await mountCard(15);
    expect(screen.getByRole('heading', { name: '自動ログアウト' })).toBeTruthy();
    expect(screen.getByText(/PCI DSSが管理画面に求めるのは15分以内です/)).toBeTruthy();
    expect(screen.getByText(/ログイン中のユーザーにもすぐに適用されます/)).toBeTruthy();
    expect(minutesField().value).toBe('15');
    expect([...minutesField().options].map((option) => option.textContent)).toEqual([
      '5分',
      '10分',
      '15分',
      '30分',
      '60分',
    ]);
  });

  it('saves the chosen minutes for the merchant (a step-up call)', async () => {
    await mountCard(15);
    await typeInto(minutesField(), '5');
    await submitWith('保存');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('putIdleTimeout', { params: { id: 4 }, body: { minutes: 5 } }),
    );
    await waitFor(() => expect(minutesField().value).toBe('5'));
  });

  it('keeps a value set another way among the choices', async () => {
    await mountCard(20);
    expect(minutesField().value).toBe('20');
    expect([...minutesField().options].map((option) => option.value)).toEqual(['5', '10', '15', '20', '30', '60']);
  });

  it("says why it was not saved (the step-up cancelled, or the server's refusal)", async () => {
    await mountCard(15, () =>
      Promise.reject(
        new ApiError(403, { type: 'step_up_required', message: 'この操作の前に、本人確認をしてください' }),
      ),
    );
    await typeInto(minutesField(), '30');
    await submitWith('保存');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('自動ログアウトの設定を保存できませんでした');
    expect(alert.textContent).toContain('本人確認が済んでいないため、変更していません');
  });

  it('while the setting loads, holds the choice disabled under a skeleton', async () => {
    vi.mocked(api.call).mockImplementation((() => new Promise(() => {})) as unknown as typeof api.call);
    await mount(<IdleTimeoutCard merchantId={4} />, formQueryClient());
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(fieldByLabel<HTMLSelectElement>(LABEL).disabled).toBe(true);
  });

  it('says the setting could not be loaded, with a retry', async () => {
    vi.mocked(api.call).mockRejectedValue(new ApiError(500, { type: 'internal', message: '' }));
    await mount(<IdleTimeoutCard merchantId={4} />, formQueryClient());
    expect((await screen.findByRole('alert')).textContent).toContain('自動ログアウトの設定を読み込めませんでした');
    expect(screen.getByRole('button', { name: '再試行' })).toBeTruthy();
  });
});
