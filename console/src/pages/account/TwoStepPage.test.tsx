// @vitest-environment happy-dom
import type { TwoStepStatus } from '@coin/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { twoStepKeys } from '@/api/twoStep';
import { clearEnrolmentRequired, twoStepEnrolmentRequired } from '@/api/twoStepEnrolment';
import { setConfig } from '@/app/config';
import { fieldByLabel, formQueryClient, mount, submitWith, typeInto, user } from '@/components/formTesting';
import { createSessionStore } from '@/session/store';
import type { SessionState } from '@/session/types';
import TwoStepPage from './TwoStepPage';

vi.mock('@/router/AppLink', () => ({
  AppLink: ({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) => <a href={to} {...rest} />,
}));
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

afterEach(() => {
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
  await mount(<TwoStepPage />, client);
  return {
    /** What the next GET answers (the page refetches after each change). */
    becomes: (next: TwoStepStatus) => {
      current = next;
    },
  };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** A section of the page, by its heading. */
const section = (name: string) => screen.getByRole('region', { name });
/** Whether the page shows `text` (in an element's own text, whole or in part). */
const shows = (text: string) => screen.queryAllByText(text, { exact: false }).length > 0;

/** Enrols the authenticator app: 認証アプリを追加, the QR code and secret, a code, 確認. */
async function enrolTotp(beforeConfirm?: () => void) {
  await submitWith('認証アプリを追加');
  await screen.findByText('認証アプリの登録', { exact: false });
  beforeConfirm?.();
  await typeInto(fieldByLabel('確認コード'), '123456');
  await submitWith('確認');
}

describe('TwoStepPage (issue 24)', () => {
  it('shows an account without a factor: disabled, the app and passkeys to add, no recovery codes', async () => {
    await mountPage(NONE);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('2段階認証');
    expect(within(section('状態')).getByText('無効')).toBeTruthy();
    expect(within(section('認証アプリ')).getByText('登録されていません')).toBeTruthy();
    expect(button('認証アプリを追加')).toBeTruthy();
    expect(shows('残りのリカバリーコード')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    // Issue 48: the user's sign-ins are one link away.
    expect(screen.getByRole('link', { name: 'ログイン中の端末を見る' }).getAttribute('href')).toBe('/devices');
  });

  it('enrols the app by its QR code and secret, and shows the recovery codes once', async () => {
    const { becomes } = await mountPage(NONE, {
      startTotp: () => ({ secret: SECRET, otpauth_url: `otpauth://totp/coin:member?secret=${SECRET}` }),
      confirmTotp: () => ({ recovery_codes: CODES }),
    });
    await submitWith('認証アプリを追加');
    await screen.findByText('認証アプリの登録', { exact: false });

    expect(screen.getByRole('img', { name: '認証アプリで読み取るQRコード' }).tagName.toLowerCase()).toBe('svg');
    expect(shows('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBe(true);
    const code = fieldByLabel('確認コード');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    becomes({ ...NONE, totp: { enrolled_at: '2026-12-31T03:00:00Z' }, recovery_codes_left: 10, enabled: true });
    await typeInto(code, '１２３４５６');
    await submitWith('確認');
    await screen.findByText('リカバリーコードを保管してください', { exact: false });
    expect(api.call).toHaveBeenCalledWith('confirmTotp', { params: { id: 7 }, body: { code: '123456' } });
    const listed = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toEqual(CODES);
    expect(button('テキストファイルで保存')).toBeTruthy();

    // Closed only once the user says the codes are kept; then they are gone for good.
    const close = button('閉じる');
    expect(close.disabled).toBe(true);
    await user().click(screen.getByRole('checkbox', { name: 'リカバリーコードを保管しました' }));
    expect(close.disabled).toBe(false);
    await user().click(close);
    await waitFor(() => expect(within(section('状態')).getByText('有効')).toBeTruthy());
    expect(shows(CODES[0] ?? '')).toBe(false);
    expect(shows('残りのリカバリーコード: 10')).toBe(true);
    // Not sent here by a merchant: the user stays on the page.
    expect(fake.navigate).not.toHaveBeenCalled();
  });

  it('says a wrong code on the field', async () => {
    const { ApiError } = await import('@/api/errors');
    await mountPage(NONE, {
      startTotp: () => ({ secret: SECRET, otpauth_url: 'otpauth://totp/x' }),
      confirmTotp: () => {
        throw new ApiError(400, { type: 'invalid_request', message: '確認コードが正しくありません', field: 'code' });
      },
    });
    await enrolTotp();
    const code = fieldByLabel('確認コード');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    // Said as an alert, and read with the field.
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('確認コードが正しくありません');
    expect(code.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
  });

  it('lists an enrolled passkey and the app, with what each can do', async () => {
    await mountPage({
      totp: { enrolled_at: '2026-12-01T01:00:00Z' },
      passkeys: [
        { id: 3, name: 'MacBook', created_at: '2026-12-02T01:30:00Z', last_used_at: null },
        { id: 4, name: 'iPhone', created_at: '2026-12-03T01:30:00Z', last_used_at: '2026-12-20T09:15:00Z' },
      ],
      recovery_codes_left: 7,
      enabled: true,
      required_by: [{ merchant_id: 1, name: 'めぶくカフェ 本店' }],
    });
    expect(within(section('状態')).getByText('有効')).toBeTruthy();
    expect(within(section('認証アプリ')).getByText('登録日時 2026/12/01 10:00')).toBeTruthy();
    const passkeys = within(screen.getByRole('list', { name: '登録済みのパスキー' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(passkeys).toHaveLength(2);
    expect(passkeys[0]).toContain('MacBook追加日時 2026/12/02 10:30最終使用日時 未使用');
    expect(passkeys[1]).toContain('iPhone追加日時 2026/12/03 10:30最終使用日時 2026/12/20 18:15');
    expect(button('パスキー「MacBook」を削除')).toBeTruthy();
    expect(button('認証アプリを削除')).toBeTruthy();
    expect(shows('残りのリカバリーコード: 7')).toBe(true);
    expect(shows('めぶくカフェ 本店では2段階認証が必須です')).toBe(true);
    // Enrolled: nothing is asked of the user.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('removes a passkey after asking', async () => {
    await mountPage(
      {
        totp: { enrolled_at: '2026-12-01T01:00:00Z' },
        passkeys: [{ id: 3, name: 'MacBook', created_at: '2026-12-02T01:30:00Z', last_used_at: null }],
        recovery_codes_left: 7,
        enabled: true,
        required_by: [],
      },
      { deletePasskey: () => ({ ok: true }) },
    );
    await user().click(button('パスキー「MacBook」を削除'));
    const dialog = await screen.findByRole('dialog', { name: 'パスキーを削除しますか？' });
    await submitWith('削除', dialog);
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('deletePasskey', { params: { id: 7, passkey_id: 3 } }));
  });

  it('sent here by a merchant that requires it: says why, and goes on to Top once a factor is enrolled', async () => {
    twoStepEnrolmentRequired();
    const required = { ...NONE, required_by: [{ merchant_id: 1, name: 'めぶくカフェ 本店' }] };
    const { becomes } = await mountPage(required, {
      startTotp: () => ({ secret: SECRET, otpauth_url: 'otpauth://totp/x' }),
      confirmTotp: () => ({ recovery_codes: CODES }),
    });
    // Said once, naming the shop, with what an app and a passkey are; never "go to アカウント設定" while there.
    const why = screen.getByRole('alert');
    expect(within(why).getByText('めぶくカフェ 本店では2段階認証が必須です')).toBeTruthy();
    expect(why.textContent).toContain('Google Authenticator');
    expect(why.textContent).toContain('パスキー: この端末の指紋・顔認証・画面ロックでログインします');
    expect(why.textContent).not.toContain('アカウント設定で');
    expect(screen.getAllByText('めぶくカフェ 本店では2段階認証が必須です')).toHaveLength(1);

    await enrolTotp(() =>
      becomes({ ...required, totp: { enrolled_at: '2026-12-31T03:00:00Z' }, recovery_codes_left: 10, enabled: true }),
    );
    await screen.findByText('リカバリーコードを保管してください', { exact: false });
    await user().click(screen.getByRole('checkbox', { name: 'リカバリーコードを保管しました' }));
    await user().click(button('閉じる'));
    await waitFor(() => expect(fake.navigate).toHaveBeenCalledWith({ href: '/top' }));
  });
});
