// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { setConfig } from '@/app/config';
import { descriptionOf, fieldByLabel, mount, submitWith, typeInto } from '@/components/formTesting';
import ChangePasswordPage from './ChangePasswordPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

beforeAll(() => {
  setConfig({
    apiBaseUrl: '/api',
    noticeUrl: '/api/notices',
    passwordMinLength: 8,
    notificationMs: 5000,
    requestTimeoutMs: 60_000,
    appHandover: {
      scheme: 'coinapp://',
      universalLinkBase: 'https://app.example.jp/',
      iosStoreUrl: 'https://apps.apple.com/app/id0',
      androidStoreUrl: 'https://play.google.com/store/apps/details?id=jp.example',
    },
  });
});

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

async function mountPage() {
  await mount(<ChangePasswordPage />);
}

describe('ChangePasswordPage', () => {
  it('moves the focus to the first invalid field after a failed submit, its error read with it', async () => {
    await mountPage();
    await submitWith('変更する');
    const current = fieldByLabel('現在のパスワード');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(current)).toContain('現在のパスワードを入力してください');
    expect(fieldByLabel('新しいパスワード（確認）').getAttribute('aria-invalid')).toBe('true');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('focuses the first field still invalid, not the first of the form', async () => {
    await mountPage();
    await typeInto(fieldByLabel('現在のパスワード'), 'old-password');
    await typeInto(fieldByLabel('新しいパスワード'), 'short');
    await submitWith('変更する');
    const password = fieldByLabel('新しいパスワード');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(descriptionOf(password)).toContain('パスワードは8文字以上で入力してください');
    expect(fieldByLabel('現在のパスワード').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows a refused current password on its field and focuses it', async () => {
    vi.mocked(api.call).mockRejectedValue(
      new ApiError(400, { type: 'invalid_credentials', message: 'wrong', field: 'current_password' }),
    );
    await mountPage();
    await typeInto(fieldByLabel('現在のパスワード'), 'wrong-password');
    await typeInto(fieldByLabel('新しいパスワード'), 'new-password');
    await typeInto(fieldByLabel('新しいパスワード（確認）'), 'new-password');
    await submitWith('変更する');
    const current = fieldByLabel('現在のパスワード');
    await waitFor(() => expect(descriptionOf(current)).toContain('現在のパスワードが正しくありません'));
    expect(document.activeElement).toBe(current);
    expect(api.call).toHaveBeenCalledWith('changePassword', {
      params: { id: 0 },
      body: { current_password: 'wrong-password', password: 'new-password' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
