// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { twoStepKeys } from '@/api/twoStep';
import { formQueryClient, mount, submitWith, user } from '@/components/formTesting';
import { createSessionStore } from '@/session/store';
import type { SessionState } from '@/session/types';
import { StaffTwoStepCard } from './StaffTwoStepCard';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
// The card's link, without a router: a plain anchor to the same path.
vi.mock('@/router/AppLink', () => ({
  AppLink: ({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) => <a href={to} {...rest} />,
}));
vi.mock('@/session', () => {
  const store = createSessionStore({
    user: { user_id: 1, email: 'owner@example.com', name: '鈴木', roles: [{ merchant_id: 4, role: 'Owner' }] },
    initialized: true,
  });
  return { useSessionState: <T,>(select: (state: SessionState) => T): T => select(store.getState()) };
});

afterEach(() => {
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
  await mount(<StaffTwoStepCard merchantId={4} />, client);
}

const SWITCH_LABEL = 'スタッフに2段階認証を必須にする';
const theSwitch = () => screen.getByRole<HTMLInputElement>('switch', { name: SWITCH_LABEL });
const dialog = () => screen.queryByRole('dialog');

describe("the Owner's requirement of two-step sign-in (issue 24)", () => {
  it('while the setting loads, holds its parts in place under skeletons: the switch disabled, hidden from readers', async () => {
    vi.mocked(api.call).mockImplementation((() => new Promise(() => {})) as unknown as typeof api.call);
    await mount(<StaffTwoStepCard merchantId={4} />, formQueryClient());
    // Hidden from readers: no switch is there for them, only for the eye.
    expect(screen.queryByRole('switch')).toBeNull();
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: SWITCH_LABEL, hidden: true });
    expect(toggle.disabled).toBe(true);
  });

  it('shows the switch and the staff without a factor, and requires it after the confirm step', async () => {
    await mountCard({ required: false, staff_without: 3 });
    // Found by its label: the switch is named by it.
    const toggle = theSwitch();
    expect(toggle.checked).toBe(false);
    expect(screen.getByText('2段階認証を設定していないスタッフ: 3人', { exact: false })).toBeTruthy();

    await user().click(toggle);
    const asked = await screen.findByRole('dialog', { name: 'スタッフに2段階認証を必須にしますか？' });
    expect(within(asked).getByText('2段階認証を設定していないスタッフ（3人）は', { exact: false })).toBeTruthy();
    // Not changed before it is confirmed.
    expect(theSwitch().checked).toBe(false);
    expect(api.call).not.toHaveBeenCalledWith('putMerchantTwoStep', expect.anything());

    await submitWith('必須にする', asked);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(api.call).toHaveBeenCalledWith('putMerchantTwoStep', { params: { id: 4 }, body: { required: true } });
    await waitFor(() => expect(theSwitch().checked).toBe(true));
  });

  it('lets an Owner without a factor require nothing until they enrol, and says where to enrol', async () => {
    await mountCard({ required: false, staff_without: 2 }, false);
    await waitFor(() => expect(theSwitch().disabled).toBe(true));
    expect(screen.getByText('まずご自身の2段階認証を設定してください', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: '2段階認証を設定する' }).getAttribute('href')).toBe('/twoStep');
    expect(dialog()).toBeNull();
  });

  it('lets an Owner without a factor turn the requirement off', async () => {
    await mountCard({ required: true, staff_without: 2 }, false);
    expect(theSwitch().disabled).toBe(false);
    expect(screen.queryByRole('link', { name: '2段階認証を設定する' })).toBeNull();
  });

  it('stops requiring it after its own confirm step', async () => {
    await mountCard({ required: true, staff_without: 0 });
    expect(theSwitch().checked).toBe(true);
    await user().click(theSwitch());
    const asked = await screen.findByRole('dialog', { name: '2段階認証の必須をやめますか？' });
    await submitWith('必須をやめる', asked);
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('putMerchantTwoStep', { params: { id: 4 }, body: { required: false } }),
    );
  });
});
