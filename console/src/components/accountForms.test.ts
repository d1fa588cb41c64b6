import { describe, expect, it } from 'vitest';
import { hasProblems, validateEditUser, validateInvite } from './accountForms';

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
