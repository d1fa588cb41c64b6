// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { requestStepUp } from '@/api/stepUp';
import { descriptionOf, fieldByLabel, mount, submitWith, typeInto } from '@/components/formTesting';
import { sessionStore } from '@/session';
import { INITIAL_SESSION_STATE } from '@/session/types';
import StepUpDialog, { proofsOf } from './StepUpDialog';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  vi.mocked(api.call).mockReset();
  sessionStore.setState({ ...INITIAL_SESSION_STATE });
});

/** The dialog is in a portal: its fields are found from the document's body. */
const passwordField = () => fieldByLabel('パスワード');
/** The dialog that asks for the password alone. */
const passwordDialog = () => screen.findByRole('dialog', { name: 'パスワードで本人確認' });
/** A change of the bank account of merchant 1, and the proof the server answers for it. */
const BANK = { purpose: 'bank_account', merchantId: 1 } as const;
const MADE = { step_up_token: 'proof-1', purpose: 'bank_account', expires_at: '2026-11-26T12:05:00Z' } as const;

describe('StepUpDialog', () => {
  it('asks once for several refused changes, says a wrong password, and proves the sign-in', async () => {
    await mount(<StepUpDialog />);
    const first = requestStepUp(BANK);
    const second = requestStepUp(BANK);
    // The dialog says what the proof is for.
    expect(within(await passwordDialog()).getByText(/振込先口座の登録・変更の前に/)).toBeTruthy();

    vi.mocked(api.call).mockRejectedValueOnce(
      new ApiError(400, { type: 'invalid_request', message: 'wrong', field: 'password' }),
    );
    await typeInto(passwordField(), 'not-it');
    await submitWith('確認して続ける');
    await waitFor(() => expect(descriptionOf(passwordField())).toContain('現在のパスワードが正しくありません'));

    vi.mocked(api.call).mockResolvedValueOnce(MADE);
    await typeInto(passwordField(), 'demo-password');
    await submitWith('確認して続ける');
    await expect(first).resolves.toBe('proof-1');
    await expect(second).resolves.toBe('proof-1');
    expect(api.call).toHaveBeenLastCalledWith('stepUpSession', {
      body: { purpose: 'bank_account', merchant_id: 1, password: 'demo-password' },
    });
  });

  it('passes the refusal on when cancelled, without calling the server', async () => {
    await mount(<StepUpDialog />);
    const asked = requestStepUp(BANK);
    await passwordDialog();
    await submitWith('キャンセル');
    await expect(asked).resolves.toBeNull();
    expect(api.call).not.toHaveBeenCalled();
  });

  it('asks for nothing without a dialog (a signed-out page)', async () => {
    await expect(requestStepUp(BANK, 0)).resolves.toBeNull();
  });
});

const STATUS = {
  totp: { enrolled_at: '2026-12-01T00:00:00Z' },
  passkeys: [],
  recovery_codes_left: 10,
  enabled: true,
  required_by: [],
};

/** The signed-in user, whose factors the dialog asks for. */
function signedIn() {
  sessionStore.setState({ user: { user_id: 7, email: 'owner@example.com', name: '鈴木', roles: [] } });
}

describe('StepUpDialog with a second factor (issue 24)', () => {
  it('lets an enrolled user prove with a code from the app, a wrong code said on the field', async () => {
    signedIn();
    vi.mocked(api.call).mockImplementation((async (id: string) => {
      if (id === 'getTwoStep') return STATUS;
      throw new Error(`unexpected ${id}`);
    }) as typeof api.call);
    await mount(<StepUpDialog />);
    const asked = requestStepUp(BANK);
    const dialog = await screen.findByRole('dialog', { name: '本人確認' });
    expect(api.call).toHaveBeenCalledWith('getTwoStep', { params: { id: 7 }, signal: undefined });
    // With a second factor the password alone proves nothing: it is not offered (issue 45); the code is
    // the one proof, with no tabs to choose from.
    expect(within(dialog).queryByRole('tab')).toBeNull();
    expect(within(dialog).queryByLabelText('パスワード')).toBeNull();
    expect(within(dialog).getByText(/振込先口座の登録・変更の前に/)).toBeTruthy();
    const code = () => fieldByLabel('確認コード');
    expect(code().getAttribute('autocomplete')).toBe('one-time-code');
    expect(code().getAttribute('inputmode')).toBe('numeric');

    vi.mocked(api.call).mockRejectedValueOnce(
      new ApiError(400, { type: 'invalid_request', message: '確認コードが正しくありません', field: 'totp_code' }),
    );
    await typeInto(code(), '111111');
    await submitWith('確認して続ける');
    await waitFor(() => expect(descriptionOf(code())).toContain('確認コードが正しくありません'));

    vi.mocked(api.call).mockResolvedValueOnce(MADE);
    await typeInto(code(), '１２３ ４５６');
    await submitWith('確認して続ける');
    await expect(asked).resolves.toBe('proof-1');
    expect(api.call).toHaveBeenLastCalledWith('stepUpSession', {
      body: { purpose: 'bank_account', merchant_id: 1, totp_code: '123456' },
    });
  });

  it('takes a recovery code in the code tab', async () => {
    signedIn();
    vi.mocked(api.call).mockImplementation((async (id: string) => {
      if (id === 'getTwoStep') return STATUS;
      return MADE;
    }) as typeof api.call);
    await mount(<StepUpDialog />);
    const asked = requestStepUp(BANK);
    await screen.findByRole('dialog', { name: '本人確認' });
    await submitWith('リカバリーコードを使う');
    await typeInto(fieldByLabel('リカバリーコード'), 'abcd-efgh-jk');
    await submitWith('確認して続ける');
    await expect(asked).resolves.toBe('proof-1');
    expect(api.call).toHaveBeenLastCalledWith('stepUpSession', {
      body: { purpose: 'bank_account', merchant_id: 1, recovery_code: 'ABCDEFGHJK' },
    });
  });

  it('asks a user without a factor for the password alone', async () => {
    signedIn();
    vi.mocked(api.call).mockImplementation((async (id: string) => {
      if (id === 'getTwoStep') return { ...STATUS, totp: null, recovery_codes_left: 0, enabled: false };
      return MADE;
    }) as typeof api.call);
    await mount(<StepUpDialog />);
    const asked = requestStepUp(BANK);
    await passwordDialog();
    expect(screen.queryByRole('tab')).toBeNull();
    await typeInto(passwordField(), 'demo-password');
    await submitWith('確認して続ける');
    await expect(asked).resolves.toBe('proof-1');
  });

  it('offers each factor the user has, and the password only to a user without one', () => {
    expect(proofsOf(null)).toEqual(['password']);
    expect(proofsOf({ ...STATUS, enabled: false, totp: null, recovery_codes_left: 0 })).toEqual(['password']);
    const passkey = { id: 1, name: 'Mac', created_at: '2026-12-01T00:00:00Z', last_used_at: null };
    expect(proofsOf({ ...STATUS, totp: null, recovery_codes_left: 0, passkeys: [passkey] })).toEqual(['passkey']);
    expect(proofsOf({ ...STATUS, passkeys: [passkey] })).toEqual(['code', 'passkey']);
  });
});
