// @vitest-environment happy-dom
import type { TwoStepStatus } from '@coin/contract';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { twoStepKeys } from '@/api/twoStep';
import { clearEnrolmentRequired, twoStepEnrolmentRequired } from '@/api/twoStepEnrolment';
import { setConfig } from '@/app/config';
import { fieldByLabel, formQueryClient, type Mounted, mount, submitWith, typeInto } from '@/components/formTesting';
import { createSessionStore } from '@/session/store';
import type { SessionState } from '@/session/types';
import TwoStepPage from './TwoStepPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/app/navigation', () => ({ navigateTo: vi.fn() }));
const fake = vi.hoisted(() => ({ navigate: vi.fn(async () => {}) }));
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => fake.navigate }));
vi.mock('@/session', () => {
  const store = createSessionStore({
    user: { user_id: 7, email: 'member@example.com', name: '田中', roles: [{ merchant_id: 1, role: 'Member' }] },
    initialized: true,
  });
  return { useSessionState: <T,>(select: (state: SessionState) => T): T => select(store.getState()) };
});

beforeAll(() => {
  setConfig({ requestTimeoutMs: 60_000 } as Parameters<typeof setConfig>[0]);
});

const NONE: TwoStepStatus = { totp: null, passkeys: [], recovery_codes_left: 0, enabled: false, required_by: [] };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-${String(i).padStart(2, '0')}`);

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.mocked(api.call).mockReset();
  fake.navigate.mockClear();
  clearEnrolmentRequired();
});

/** The page with the user's status in the cache; `answers` answer the calls the test makes. */
async function mountPage(status: TwoStepStatus, answers: Record<string, (body?: unknown) => unknown> = {}) {
  let current = status;
  vi.mocked(api.call).mockImplementation((async (id: string, options?: { body?: unknown }) => {
    if (id === 'getTwoStep') return current;
    const answer = answers[id];
    if (!answer) throw new Error(`unexpected call ${id}`);
    return answer(options?.body);
  }) as typeof api.call);
  const client = formQueryClient();
  client.setQueryData(twoStepKeys.detail(7), status);
  mounted = await mount(<TwoStepPage />, client);
  return {
    container: mounted.container,
    /** What the next GET answers (the page refetches after each change). */
    becomes: (next: TwoStepStatus) => {
      current = next;
    },
  };
}

const button = (container: HTMLElement, name: string) => {
  const found = [...container.querySelectorAll('button')].find(
    (candidate) => candidate.textContent === name || candidate.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

/** Enrols the authenticator app: 認証アプリを追加, the QR code and secret, a code, 確認. */
async function enrolTotp(container: HTMLElement, beforeConfirm?: () => void) {
  await submitWith('認証アプリを追加');
  await vi.waitFor(() => expect(container.textContent).toContain('認証アプリの登録'));
  beforeConfirm?.();
  await typeInto(fieldByLabel('確認コード'), '123456');
  await submitWith('確認');
}

describe('TwoStepPage (issue 24)', () => {
  it('shows an account without a factor: disabled, the app and passkeys to add, no recovery codes', async () => {
    const { container } = await mountPage(NONE);
    expect(container.querySelector('h1')?.textContent).toBe('2段階認証');
    expect(container.textContent).toContain('状態無効');
    expect(container.textContent).toContain('認証アプリ登録されていません');
    expect(button(container, '認証アプリを追加')).toBeTruthy();
    expect(container.textContent).not.toContain('残りのリカバリーコード');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('enrols the app by its QR code and secret, and shows the recovery codes once', async () => {
    const { container, becomes } = await mountPage(NONE, {
      startTotp: () => ({ secret: SECRET, otpauth_url: `otpauth://totp/coin:member?secret=${SECRET}` }),
      confirmTotp: () => ({ recovery_codes: CODES }),
    });
    await submitWith('認証アプリを追加');
    await vi.waitFor(() => expect(container.textContent).toContain('認証アプリの登録'));

    const qr = container.querySelector('svg[role="img"]');
    expect(qr?.getAttribute('aria-label')).toBe('認証アプリで読み取るQRコード');
    expect(container.textContent).toContain('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = fieldByLabel('確認コード');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    becomes({ ...NONE, totp: { enrolled_at: '2026-12-31T03:00:00Z' }, recovery_codes_left: 10, enabled: true });
    await typeInto(code, '１２３４５６');
    await submitWith('確認');
    await vi.waitFor(() => expect(container.textContent).toContain('リカバリーコードを保管してください'));
    expect(api.call).toHaveBeenCalledWith('confirmTotp', { params: { id: 7 }, body: { code: '123456' } });
    const listed = [...container.querySelectorAll('ol li')].map((item) => item.textContent);
    expect(listed).toEqual(CODES);
    expect(button(container, 'テキストファイルで保存')).toBeTruthy();

    // Closed only once the user says the codes are kept; then they are gone for good.
    const close = button(container, '閉じる');
    expect(close.disabled).toBe(true);
    const stored = fieldByLabel('リカバリーコードを保管しました') as HTMLInputElement;
    await act(async () => stored.click());
    expect(close.disabled).toBe(false);
    await act(async () => close.click());
    await vi.waitFor(() => expect(container.textContent).toContain('状態有効'));
    expect(container.textContent).not.toContain(CODES[0]);
    expect(container.textContent).toContain('残りのリカバリーコード: 10');
    // Not sent here by a merchant: the user stays on the page.
    expect(fake.navigate).not.toHaveBeenCalled();
  });

  it('says a wrong code on the field', async () => {
    const { ApiError } = await import('@/api/errors');
    const { container } = await mountPage(NONE, {
      startTotp: () => ({ secret: SECRET, otpauth_url: 'otpauth://totp/x' }),
      confirmTotp: () => {
        throw new ApiError(400, { type: 'invalid_request', message: '確認コードが正しくありません', field: 'code' });
      },
    });
    await enrolTotp(container);
    const code = fieldByLabel('確認コード');
    await vi.waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(
      code
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('error')) ?? '',
    );
    expect(error?.textContent).toBe('確認コードが正しくありません');
    expect(error?.getAttribute('role')).toBe('alert');
  });

  it('lists an enrolled passkey and the app, with what each can do', async () => {
    const { container } = await mountPage({
      totp: { enrolled_at: '2026-12-01T01:00:00Z' },
      passkeys: [
        { id: 3, name: 'MacBook', created_at: '2026-12-02T01:30:00Z', last_used_at: null },
        { id: 4, name: 'iPhone', created_at: '2026-12-03T01:30:00Z', last_used_at: '2026-12-20T09:15:00Z' },
      ],
      recovery_codes_left: 7,
      enabled: true,
      required_by: [{ merchant_id: 1, name: 'めぶくカフェ 本店' }],
    });
    expect(container.textContent).toContain('状態有効');
    expect(container.textContent).toContain('登録日時 2026/12/01 10:00');
    const list = container.querySelector('ul[aria-label="登録済みのパスキー"]');
    expect(list?.textContent).toContain('MacBook追加日時 2026/12/02 10:30最終使用日時 未使用');
    expect(list?.textContent).toContain('iPhone追加日時 2026/12/03 10:30最終使用日時 2026/12/20 18:15');
    expect(button(container, 'パスキー「MacBook」を削除')).toBeTruthy();
    expect(button(container, '認証アプリを削除')).toBeTruthy();
    expect(container.textContent).toContain('残りのリカバリーコード: 7');
    expect(container.textContent).toContain('めぶくカフェ 本店では2段階認証が必須です');
    // Enrolled: nothing is asked of the user.
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('removes a passkey after asking', async () => {
    const { container } = await mountPage(
      {
        totp: { enrolled_at: '2026-12-01T01:00:00Z' },
        passkeys: [{ id: 3, name: 'MacBook', created_at: '2026-12-02T01:30:00Z', last_used_at: null }],
        recovery_codes_left: 7,
        enabled: true,
        required_by: [],
      },
      { deletePasskey: () => ({ ok: true }) },
    );
    await act(async () => button(container, 'パスキー「MacBook」を削除').click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('パスキーを削除しますか？'));
    const dialog = document.body.querySelector<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    await submitWith('削除', dialog);
    await vi.waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('deletePasskey', { params: { id: 7, passkey_id: 3 } }),
    );
  });

  it('sent here by a merchant that requires it: says why, and goes on to Top once a factor is enrolled', async () => {
    twoStepEnrolmentRequired();
    const required = { ...NONE, required_by: [{ merchant_id: 1, name: 'めぶくカフェ 本店' }] };
    const { container, becomes } = await mountPage(required, {
      startTotp: () => ({ secret: SECRET, otpauth_url: 'otpauth://totp/x' }),
      confirmTotp: () => ({ recovery_codes: CODES }),
    });
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('この加盟店では2段階認証が必須です。アカウント設定で2段階認証を設定してください');
    expect(container.textContent).toContain('めぶくカフェ 本店では2段階認証が必須です');

    await enrolTotp(container, () =>
      becomes({ ...required, totp: { enrolled_at: '2026-12-31T03:00:00Z' }, recovery_codes_left: 10, enabled: true }),
    );
    await vi.waitFor(() => expect(container.textContent).toContain('リカバリーコードを保管してください'));
    await act(async () => (fieldByLabel('リカバリーコードを保管しました') as HTMLInputElement).click());
    await act(async () => button(container, '閉じる').click());
    await vi.waitFor(() => expect(fake.navigate).toHaveBeenCalledWith({ href: '/top' }));
  });
});
