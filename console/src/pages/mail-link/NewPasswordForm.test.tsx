// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { setConfig } from '@/app/config';
import { descriptionOf, fieldByLabel, mount, submitWith, typeInto } from '@/components/formTesting';
import { NewPasswordForm } from './NewPasswordForm';

beforeAll(() => {
  setConfig({
    apiBaseUrl: '/api',
    noticeUrl: '/api/notices',
    passwordMinLength: 10,
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

describe('NewPasswordForm', () => {
  it('checks the configured minimum and focuses the first invalid field', async () => {
    const send = vi.fn(() => Promise.resolve());
    await mount(<NewPasswordForm pending={false} send={send} />);
    await typeInto(fieldByLabel('パスワード'), 'nine-char');
    await submitWith('登録する');
    const password = fieldByLabel('パスワード');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(password)).toContain('パスワードは10文字以上で入力してください');
    expect(descriptionOf(fieldByLabel('パスワード（確認）'))).toContain('パスワード（確認）を入力してください');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the password, and shows a 400 naming it on its field', async () => {
    const send = vi.fn(() =>
      Promise.reject(
        new ApiError(400, {
          type: 'invalid_request',
          message: 'パスワードは128文字以内で入力してください',
          field: 'password',
        }),
      ),
    );
    await mount(<NewPasswordForm pending={false} send={send} />);
    await typeInto(fieldByLabel('パスワード'), 'long-enough-password');
    await typeInto(fieldByLabel('パスワード（確認）'), 'long-enough-password');
    await submitWith('登録する');
    expect(send).toHaveBeenCalledWith('long-enough-password');
    const password = fieldByLabel('パスワード');
    await waitFor(() => expect(descriptionOf(password)).toContain('パスワードは128文字以内で入力してください'));
    expect(document.activeElement).toBe(password);
  });

  it('asks for nothing when the account already has a password', async () => {
    const send = vi.fn(() => Promise.resolve());
    await mount(<NewPasswordForm withPassword={false} pending={false} send={send} />);
    expect(screen.queryByLabelText('パスワード', { exact: false })).toBeNull();
    await submitWith('登録する');
    expect(send).toHaveBeenCalledWith(undefined);
  });
});
