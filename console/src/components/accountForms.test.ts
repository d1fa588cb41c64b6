import { describe, expect, it } from 'vitest';
import {
  hasProblems,
  validateChangeEmail,
  validateChangePassword,
  validateEditUser,
  validateInvite,
  validatePasswordPair,
} from './accountForms';

describe('invite and edit forms', () => {
  it('accepts a name, a role and an address', () => {
    expect(validateInvite({ name: '山田 花子', role: 'Manager', email: 'hanako@example.com' })).toEqual({});
  });

  it('asks for each field, and a role of the list', () => {
    expect(validateInvite({ name: '  ', role: '', email: '' })).toEqual({
      name: { kind: 'required', field: 'userName' },
      role: { kind: 'select', field: 'role' },
      email: { kind: 'required', field: 'email' },
    });
    expect(validateEditUser({ name: 'a', role: 'Admin' })).toEqual({ role: { kind: 'select', field: 'role' } });
  });

  it('refuses a malformed address and a name over 50 characters', () => {
    const problems = validateInvite({ name: 'あ'.repeat(51), role: 'Member', email: 'hanako@example' });
    expect(problems).toEqual({
      name: { kind: 'maxLength', field: 'userName', max: 50 },
      email: { kind: 'email' },
    });
    expect(hasProblems(problems)).toBe(true);
    expect(validateEditUser({ name: 'あ'.repeat(50), role: 'Owner' })).toEqual({});
  });
});

describe('a new password typed twice', () => {
  it('needs the configured minimum length', () => {
    expect(validatePasswordPair({ password: 'short', passwordAgain: 'short' }, 8)).toEqual({
      password: { kind: 'passwordMin', min: 8 },
    });
    expect(validatePasswordPair({ password: '12345678', passwordAgain: '12345678' }, 8)).toEqual({});
    expect(validatePasswordPair({ password: '12345678', passwordAgain: '12345678' }, 10).password).toEqual({
      kind: 'passwordMin',
      min: 10,
    });
  });

  it('needs both fields and the same value twice', () => {
    expect(validatePasswordPair({ password: '', passwordAgain: '' }, 8)).toEqual({
      password: { kind: 'required', field: 'password' },
      passwordAgain: { kind: 'required', field: 'passwordAgain' },
    });
    expect(validatePasswordPair({ password: 'long-enough', passwordAgain: 'long-enougH' }, 8)).toEqual({
      passwordAgain: { kind: 'passwordMismatch' },
    });
  });

  it('changing it needs the current password and a different new one', () => {
    expect(
      validateChangePassword({ currentPassword: '', password: 'new-password', passwordAgain: 'new-password' }, 8),
    ).toEqual({ currentPassword: { kind: 'required', field: 'currentPassword' } });
    expect(
      validateChangePassword({ currentPassword: 'same-pass', password: 'same-pass', passwordAgain: 'same-pass' }, 8),
    ).toEqual({ password: { kind: 'samePassword' } });
    expect(
      validateChangePassword({ currentPassword: 'old-pass', password: 'new-pass', passwordAgain: 'new-pass' }, 8),
    ).toEqual({});
    expect(validateChangePassword({ currentPassword: 'x', password: '', passwordAgain: '' }, 8).password).toEqual({
      kind: 'required',
      field: 'newPassword',
    });
  });
});

describe('a new address typed twice', () => {
  it('needs the current password', () => {
    expect(
      validateChangeEmail({ currentPassword: '', email: 'new@example.com', emailAgain: 'new@example.com' }, 'a@b.jp'),
    ).toEqual({ currentPassword: { kind: 'required', field: 'currentPassword' } });
  });

  it('must differ from the current one (case aside) and match its confirmation', () => {
    expect(
      validateChangeEmail(
        { currentPassword: 'pw', email: 'Owner@Example.com', emailAgain: 'owner@example.com' },
        'owner@example.com',
      ),
    ).toEqual({ email: { kind: 'sameEmail' } });
    expect(
      validateChangeEmail(
        { currentPassword: 'pw', email: 'new@example.com', emailAgain: 'NEW@example.com ' },
        'owner@example.com',
      ),
    ).toEqual({});
    expect(
      validateChangeEmail(
        { currentPassword: 'pw', email: 'new@example.com', emailAgain: 'other@example.com' },
        'owner@example.com',
      ),
    ).toEqual({ emailAgain: { kind: 'emailMismatch' } });
    expect(validateChangeEmail({ currentPassword: 'pw', email: 'new', emailAgain: '' }, 'owner@example.com')).toEqual({
      email: { kind: 'email' },
      emailAgain: { kind: 'required', field: 'newEmailAgain' },
    });
  });
});
