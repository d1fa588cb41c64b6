import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadPageStrings, t } from '@/i18n';
import {
  changeEmailSchema,
  changePasswordSchema,
  formErrors,
  PASSWORD_MAX,
  passwordPairSchema,
  resetRequestSchema,
} from './accountFormSchemas';

beforeAll(async () => {
  initI18n();
  await loadPageStrings();
});

/** What the form shows under each field for these values (as `useForm` receives it). */
const pairErrors = (values: { password: string; passwordAgain: string }, min: number) =>
  formErrors(passwordPairSchema(t, min), values);

describe('a new password typed twice', () => {
  it('needs the configured minimum length', () => {
    expect(pairErrors({ password: 'short', passwordAgain: 'short' }, 8)).toEqual({
      password: 'パスワードは8文字以上で入力してください',
    });
    expect(pairErrors({ password: '12345678', passwordAgain: '12345678' }, 8)).toEqual({});
    expect(pairErrors({ password: '12345678', passwordAgain: '12345678' }, 10)).toEqual({
      password: 'パスワードは10文字以上で入力してください',
    });
  });

  it("takes the upper limit from the contract's schema", () => {
    expect(PASSWORD_MAX).toBe(128);
    const longest = 'p'.repeat(PASSWORD_MAX);
    expect(pairErrors({ password: longest, passwordAgain: longest }, 8)).toEqual({});
    const over = `${longest}p`;
    expect(pairErrors({ password: over, passwordAgain: over }, 8)).toEqual({
      password: 'パスワードは128文字以内で入力してください',
    });
  });

  it('needs both fields and the same value twice', () => {
    expect(pairErrors({ password: '', passwordAgain: '' }, 8)).toEqual({
      password: 'パスワードを入力してください',
      passwordAgain: 'パスワード（確認）を入力してください',
    });
    expect(pairErrors({ password: 'long-enough', passwordAgain: 'long-enougH' }, 8)).toEqual({
      passwordAgain: 'パスワードが一致しません',
    });
    // A mismatch is only told once the first one is acceptable.
    expect(pairErrors({ password: 'short', passwordAgain: 'other' }, 8)).toEqual({
      password: 'パスワードは8文字以上で入力してください',
    });
  });
});

describe('changing the password', () => {
  const errors = (values: { currentPassword: string; password: string; passwordAgain: string }) =>
    formErrors(changePasswordSchema(t, 8), values);

  it('needs the current password and a different new one', () => {
    expect(errors({ currentPassword: '', password: 'new-password', passwordAgain: 'new-password' })).toEqual({
      currentPassword: '現在のパスワードを入力してください',
    });
    expect(errors({ currentPassword: 'same-pass', password: 'same-pass', passwordAgain: 'same-pass' })).toEqual({
      password: '現在のパスワードと異なるパスワードを入力してください',
    });
    expect(errors({ currentPassword: 'old-pass', password: 'new-pass', passwordAgain: 'new-pass' })).toEqual({});
  });

  it('names the new password fields by their labels', () => {
    expect(errors({ currentPassword: 'x', password: '', passwordAgain: '' })).toEqual({
      password: '新しいパスワードを入力してください',
      passwordAgain: '新しいパスワード（確認）を入力してください',
    });
  });
});

describe('a new address typed twice', () => {
  const errors = (values: { currentPassword: string; email: string; emailAgain: string }) =>
    formErrors(changeEmailSchema(t, 'owner@example.com'), values);

  it('needs the current password', () => {
    expect(errors({ currentPassword: '', email: 'new@example.com', emailAgain: 'new@example.com' })).toEqual({
      currentPassword: '現在のパスワードを入力してください',
    });
  });

  it('must differ from the current one (case aside) and match its confirmation', () => {
    expect(errors({ currentPassword: 'pw', email: 'Owner@Example.com', emailAgain: 'owner@example.com' })).toEqual({
      email: '現在のメールアドレスと同じです',
    });
    expect(errors({ currentPassword: 'pw', email: 'new@example.com', emailAgain: 'NEW@example.com ' })).toEqual({});
    expect(errors({ currentPassword: 'pw', email: 'new@example.com', emailAgain: 'other@example.com' })).toEqual({
      emailAgain: 'メールアドレスが一致しません',
    });
    expect(errors({ currentPassword: 'pw', email: 'new', emailAgain: '' })).toEqual({
      email: 'メールアドレスの形式が正しくありません',
      emailAgain: '新しいメールアドレス（確認）を入力してください',
    });
  });

  it("refuses an address the contract's schema refuses (over 254 characters)", () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.jp`;
    expect(long.length).toBeGreaterThan(254);
    expect(errors({ currentPassword: 'pw', email: long, emailAgain: long })).toEqual({
      email: 'メールアドレスの形式が正しくありません',
    });
  });
});

describe('asking for a reset link', () => {
  it('needs an address of a valid form', () => {
    const errors = (values: { email: string }) => formErrors(resetRequestSchema(t), values);
    expect(errors({ email: ' ' })).toEqual({ email: 'メールアドレスを入力してください' });
    expect(errors({ email: 'hanako@example' })).toEqual({ email: 'メールアドレスの形式が正しくありません' });
    expect(errors({ email: ' hanako@example.com ' })).toEqual({});
  });
});
