// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { descriptionOf, fieldByLabel, labelled, mount, submitWith, typeInto, user } from '@/components/formTesting';
import type { LoginOutcome, PendingSecondStep } from '@/session';
import LoginPage from './LoginPage';

// The sign-in itself is the session service's (service.test.ts): here it is a fake the page drives.
const fake = vi.hoisted(() => ({
  session: {
    login: vi.fn(),
    completeSecondStep: vi.fn(),
    secondStepPasskeyOptions: vi.fn(),
    signedOutHere: () => false,
  },
  navigate: vi.fn(async () => {}),
  search: {} as Record<string, string>,
  // Issue 48: the page a draft of the signed-in user waits on (session/formDraft.ts).
  draftReturnHref: vi.fn((): string | null => null),
}));
vi.mock('@/session', () => ({
  session: fake.session,
  draftReturnHref: fake.draftReturnHref,
  IDLE_LOGOUT_TARGET: { path: '/login', query: { authError: 'idle' } },
}));
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => fake.navigate,
  useSearch: ({ select }: { select?: (search: unknown) => unknown }) => (select ? select(fake.search) : fake.search),
  Link: ({ to, ...props }: { to: string } & Record<string, unknown>) => <a {...props} href={to} />,
}));

const PENDING: PendingSecondStep = {
  token: 'second-step-token',
  methods: ['totp', 'recovery_code'],
  expiresAt: '2026-12-31T03:05:00.000Z',
  email: 'owner@example.com',
  keepSignedIn: true,
};

afterEach(() => {
  vi.mocked(fake.session.login).mockReset();
  vi.mocked(fake.session.completeSecondStep).mockReset();
  fake.navigate.mockClear();
  fake.draftReturnHref.mockReset();
  fake.draftReturnHref.mockReturnValue(null);
  fake.search = {};
});

/** 「ログイン状態を保持する」: the box inside its label. */
const keepBox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'ログイン状態を保持する' });

/** The Login page after a right password for an account with a second factor, 「ログイン状態を保持する」 ticked. */
async function atSecondStep(pending: PendingSecondStep = PENDING) {
  vi.mocked(fake.session.login).mockResolvedValue({ kind: 'secondStep', pending } satisfies LoginOutcome);
  await mount(<LoginPage />);
  await typeInto(fieldByLabel('メールアドレス'), 'owner@example.com');
  await typeInto(fieldByLabel('パスワード'), 'demo-password');
  await user().click(keepBox());
  await submitWith('ログイン');
  await screen.findByRole('heading', { name: '2段階認証' });
}

const codeField = () => fieldByLabel('確認コード');

describe('Login: the second step (issue 24)', () => {
  it('asks for the code after the password, says a wrong code on the field, then signs in to the invoice', async () => {
    fake.search = { invoice_id: '42' };
    await atSecondStep();
    expect(fake.session.login).toHaveBeenCalledWith({
      email: 'owner@example.com',
      password: 'demo-password',
      keepSignedIn: true,
    });
    // The password form has gone; the code field takes the focus, filled by the browser where it can.
    expect(screen.queryByLabelText(labelled('パスワード'))).toBeNull();
    const code = codeField();
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(code));

    // Checked before it is sent.
    await typeInto(code, '12345');
    await submitWith('確認してログイン');
    expect(descriptionOf(code)).toContain('確認コードは6桁の数字で入力してください');
    expect(fake.session.completeSecondStep).not.toHaveBeenCalled();

    // The server's refusal is said on the field, as an alert.
    vi.mocked(fake.session.completeSecondStep).mockRejectedValueOnce(
      new ApiError(400, { type: 'invalid_request', message: '確認コードが正しくありません', field: 'totp_code' }),
    );
    await typeInto(codeField(), '１２３ ４５６');
    await submitWith('確認してログイン');
    await waitFor(() => expect(descriptionOf(codeField())).toContain('確認コードが正しくありません'));
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('確認コードが正しくありません');
    expect(codeField().getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    // The pending sign-in carries 「ログイン状態を保持する」 as it was ticked.
    expect(fake.session.completeSecondStep).toHaveBeenLastCalledWith(PENDING, { totp_code: '123456' });

    vi.mocked(fake.session.completeSecondStep).mockResolvedValueOnce(undefined);
    await typeInto(codeField(), '654321');
    await submitWith('確認してログイン');
    await waitFor(() =>
      expect(fake.navigate).toHaveBeenCalledWith({ href: '/invoicePayment?invoice_id=42', replace: true }),
    );
  });

  it('sends the user back to the password when the second step has expired, keeping what was chosen', async () => {
    await atSecondStep();
    vi.mocked(fake.session.completeSecondStep).mockRejectedValueOnce(
      new ApiError(401, { type: 'invalid_credentials', message: 'expired' }),
    );
    await typeInto(codeField(), '123456');
    await submitWith('確認してログイン');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'ログインの有効期限が切れました。もう一度メールアドレスとパスワードを入力してください',
    );
    const password = fieldByLabel('パスワード');
    expect(password.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(fieldByLabel('メールアドレス').value).toBe('owner@example.com');
    expect(keepBox().checked).toBe(true);
    expect(fake.navigate).not.toHaveBeenCalled();
  });

  it('takes a recovery code instead, as typed, and goes to Top', async () => {
    await atSecondStep();
    await submitWith('リカバリーコードを使う');
    const field = fieldByLabel('リカバリーコード');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(screen.getByRole('button', { name: '認証アプリの確認コードを使う' })).toBeTruthy();

    await typeInto(field, 'abcd-efgh');
    await submitWith('確認してログイン');
    expect(descriptionOf(field)).toContain('リカバリーコードの形式が正しくありません（例: ABCD-EFGH-JK）');

    vi.mocked(fake.session.completeSecondStep).mockResolvedValueOnce(undefined);
    await typeInto(fieldByLabel('リカバリーコード'), 'abcd-efgh-jk');
    await submitWith('確認してログイン');
    await waitFor(() => expect(fake.navigate).toHaveBeenCalledWith({ href: '/top', replace: true }));
    expect(fake.session.completeSecondStep).toHaveBeenCalledWith(PENDING, { recovery_code: 'ABCDEFGHJK' });
  });

  it('offers a passkey when the account has one, and says the browser cannot use it', async () => {
    await atSecondStep({ ...PENDING, methods: ['passkey', 'recovery_code'] });
    expect(screen.queryByLabelText(labelled('確認コード'))).toBeNull();
    // happy-dom has no WebAuthn: the ceremony ends before anything is asked of the server.
    await submitWith('パスキーでログイン');
    await screen.findByText('このブラウザではパスキーを使えません。', { exact: false });
    expect(fake.session.completeSecondStep).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'リカバリーコードを使う' })).toBeTruthy();
  });

  it('goes straight on for an account without a second factor', async () => {
    vi.mocked(fake.session.login).mockResolvedValue({ kind: 'signedIn' } satisfies LoginOutcome);
    await mount(<LoginPage />);
    await typeInto(fieldByLabel('メールアドレス'), 'owner@example.com');
    await typeInto(fieldByLabel('パスワード'), 'demo-password');
    await submitWith('ログイン');
    await waitFor(() => expect(fake.navigate).toHaveBeenCalledWith({ href: '/top', replace: true }));
    expect(screen.queryByText('2段階認証', { exact: false })).toBeNull();
  });
});

describe('Login after a sign-out for inactivity (issue 48)', () => {
  it('says the user was signed out for inactivity, not only 認証エラーです', async () => {
    fake.search = { authError: 'idle' };
    await mount(<LoginPage />);
    expect(screen.getByRole('alert').textContent).toBe(
      '一定時間操作がなかったため、ログアウトしました。もう一度ログインしてください',
    );
  });

  it('keeps the generic message for another forced logout', async () => {
    fake.search = { authError: 'true' };
    await mount(<LoginPage />);
    expect(screen.getByRole('alert').textContent).toBe('認証エラーです');
  });

  it('returns to the page the user was on, where the draft waits', async () => {
    fake.search = { authError: 'idle' };
    fake.draftReturnHref.mockReturnValue('/refund/request?payment_id=9');
    vi.mocked(fake.session.login).mockResolvedValue({ kind: 'signedIn' } satisfies LoginOutcome);
    await mount(<LoginPage />);
    await typeInto(fieldByLabel('メールアドレス'), 'owner@example.com');
    await typeInto(fieldByLabel('パスワード'), 'demo-password');
    await submitWith('ログイン');
    await waitFor(() =>
      expect(fake.navigate).toHaveBeenCalledWith({ href: '/refund/request?payment_id=9', replace: true }),
    );
  });
});
