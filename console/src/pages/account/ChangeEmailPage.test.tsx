// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { descriptionOf, fieldByLabel, mount, submitWith, typeInto } from '@/components/formTesting';
import ChangeEmailPage from './ChangeEmailPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

async function fill() {
  await mount(<ChangeEmailPage />);
  await typeInto(fieldByLabel('現在のパスワード'), 'demo-password');
  await typeInto(fieldByLabel('新しいメールアドレス'), 'taken@example.com');
  await typeInto(fieldByLabel('新しいメールアドレス（確認）'), 'taken@example.com');
}

describe('ChangeEmailPage', () => {
  it('moves the focus to the first invalid field after a failed submit', async () => {
    await mount(<ChangeEmailPage />);
    await typeInto(fieldByLabel('現在のパスワード'), 'demo-password');
    await typeInto(fieldByLabel('新しいメールアドレス'), 'new@example');
    await submitWith('送信する');
    const email = fieldByLabel('新しいメールアドレス');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toContain('メールアドレスの形式が正しくありません');
    expect(descriptionOf(fieldByLabel('新しいメールアドレス（確認）'))).toContain(
      '新しいメールアドレス（確認）を入力してください',
    );
    expect(api.call).not.toHaveBeenCalled();
  });

  it('shows an address already registered on the address field', async () => {
    vi.mocked(api.call).mockRejectedValue(
      new ApiError(409, { type: 'duplicate_email', message: 'duplicate', field: 'email' }),
    );
    await fill();
    await submitWith('送信する');
    const email = fieldByLabel('新しいメールアドレス');
    await waitFor(() => expect(descriptionOf(email)).toContain('このメールアドレスはすでに登録されています'));
    expect(document.activeElement).toBe(email);
    // Said on the field only: no alert for the whole form.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a 400 naming the address with the server's Japanese text on that field", async () => {
    vi.mocked(api.call).mockRejectedValue(
      new ApiError(400, { type: 'invalid_request', message: 'メールアドレスが長すぎます', field: 'email' }),
    );
    await fill();
    await submitWith('送信する');
    const email = fieldByLabel('新しいメールアドレス');
    await waitFor(() => expect(descriptionOf(email)).toContain('メールアドレスが長すぎます'));
    expect(api.call).toHaveBeenCalledWith('changeEmail', {
      params: { id: 0 },
      body: { email: 'taken@example.com', requester: expect.any(String), current_password: 'demo-password' },
    });
  });
});
