// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { twoStepKeys } from '@/api/twoStep';
import { formQueryClient, type Mounted, mount, submitWith } from '@/components/formTesting';
import { createSessionStore } from '@/session/store';
import type { SessionState } from '@/session/types';
import { StaffTwoStepCard } from './StaffTwoStepCard';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => {
  const store = createSessionStore({
    user: { user_id: 1, email: 'owner@example.com', name: '鈴木', roles: [{ merchant_id: 4, role: 'Owner' }] },
    initialized: true,
  });
  return { useSessionState: <T,>(select: (state: SessionState) => T): T => select(store.getState()) };
});

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.mocked(api.call).mockReset();
});

const OWNER_ENROLLED = {
  totp: { enrolled_at: '2026-12-01T00:00:00Z' },
  passkeys: [],
  recovery_codes_left: 10,
  enabled: true,
  required_by: [],
};

async function mountCard(setting: { required: boolean; staff_without: number }, ownEnabled = true) {
  let current = setting;
  vi.mocked(api.call).mockImplementation((async (id: string, options?: { body?: { required: boolean } }) => {
    if (id === 'getMerchantTwoStep') return current;
    if (id === 'getTwoStep') return ownEnabled ? OWNER_ENROLLED : { ...OWNER_ENROLLED, totp: null, enabled: false };
    if (id === 'putMerchantTwoStep') {
      current = { ...current, required: options?.body?.required ?? false };
      return current;
    }
    throw new Error(`unexpected ${id}`);
  }) as typeof api.call);
  const client = formQueryClient();
  client.setQueryData(twoStepKeys.merchant(4), setting);
  client.setQueryData(
    twoStepKeys.detail(1),
    ownEnabled ? OWNER_ENROLLED : { ...OWNER_ENROLLED, totp: null, enabled: false },
  );
  mounted = await mount(<StaffTwoStepCard merchantId={4} />, client);
  return mounted.container;
}

const theSwitch = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[role="switch"]');
const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]');

describe("the Owner's requirement of two-step sign-in (issue 24)", () => {
  it('while the setting loads, holds its parts in place under skeletons: the switch disabled, hidden from readers', async () => {
    vi.mocked(api.call).mockImplementation((() => new Promise(() => {})) as unknown as typeof api.call);
    mounted = await mount(<StaffTwoStepCard merchantId={4} />, formQueryClient());
    const toggle = theSwitch(mounted.container);
    expect(toggle?.disabled).toBe(true);
    expect(toggle?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(mounted.container.textContent).toContain('スタッフに2段階認証を必須にする');
  });

  it('shows the switch and the staff without a factor, and requires it after the confirm step', async () => {
    const container = await mountCard({ required: false, staff_without: 3 });
    const toggle = theSwitch(container);
    expect(toggle?.checked).toBe(false);
    const label = container.querySelector(`label[for="${toggle?.id}"]`);
    expect(label?.textContent).toBe('スタッフに2段階認証を必須にする');
    expect(container.textContent).toContain('2段階認証を設定していないスタッフ: 3人');

    await act(async () => toggle?.click());
    await vi.waitFor(() => expect(dialog()?.textContent).toContain('スタッフに2段階認証を必須にしますか？'));
    expect(dialog()?.textContent).toContain('2段階認証を設定していないスタッフ（3人）は');
    // Not changed before it is confirmed.
    expect(theSwitch(container)?.checked).toBe(false);
    expect(api.call).not.toHaveBeenCalledWith('putMerchantTwoStep', expect.anything());

    const confirmIn = dialog();
    if (!confirmIn) throw new Error('no dialog');
    await submitWith('必須にする', confirmIn);
    await vi.waitFor(() => expect(dialog()).toBeNull());
    expect(api.call).toHaveBeenCalledWith('putMerchantTwoStep', { params: { id: 4 }, body: { required: true } });
    await vi.waitFor(() => expect(theSwitch(container)?.checked).toBe(true));
  });

  it('says so when the Owner has no factor either, and cancelling changes nothing', async () => {
    const container = await mountCard({ required: false, staff_without: 2 }, false);
    await act(async () => theSwitch(container)?.click());
    await vi.waitFor(() => expect(dialog()?.textContent).toContain('あなたも2段階認証を設定していないため'));
    const confirmIn = dialog();
    if (!confirmIn) throw new Error('no dialog');
    await submitWith('キャンセル', confirmIn);
    await vi.waitFor(() => expect(dialog()).toBeNull());
    expect(api.call).not.toHaveBeenCalledWith('putMerchantTwoStep', expect.anything());
  });

  it('stops requiring it after its own confirm step', async () => {
    const container = await mountCard({ required: true, staff_without: 0 });
    expect(theSwitch(container)?.checked).toBe(true);
    await act(async () => theSwitch(container)?.click());
    await vi.waitFor(() => expect(dialog()?.textContent).toContain('2段階認証の必須をやめますか？'));
    const confirmIn = dialog();
    if (!confirmIn) throw new Error('no dialog');
    await submitWith('必須をやめる', confirmIn);
    await vi.waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('putMerchantTwoStep', { params: { id: 4 }, body: { required: false } }),
    );
  });
});
