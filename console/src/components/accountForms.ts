import { ROLES, type Role } from '@coin/contract';
import type { TFunction } from '@/i18n';

/**
 * Validation of the account forms (invite / edit a user, passwords, addresses), as plain functions
 * returning what is wrong; `problemText` turns a problem into its catalogue text. The server checks
 * the same rules; these only spare a round trip.
 */
export type FieldKey =
  | 'userName'
  | 'role'
  | 'email'
  | 'emailAgain'
  | 'newEmail'
  | 'newEmailAgain'
  | 'currentPassword'
  | 'password'
  | 'passwordAgain'
  | 'newPassword'
  | 'newPasswordAgain';

export type Problem =
  | { kind: 'required'; field: FieldKey }
  | { kind: 'select'; field: FieldKey }
  | { kind: 'maxLength'; field: FieldKey; max: number }
  | { kind: 'email' }
  | { kind: 'passwordMin'; min: number }
  | { kind: 'passwordMismatch' }
  | { kind: 'emailMismatch' }
  | { kind: 'sameEmail' }
  | { kind: 'samePassword' };

export type Problems<K extends string> = Partial<Record<K, Problem>>;

/** The contract's limits (schemas.ts): nick names up to 50, addresses up to 254, passwords up to 128. */
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

// Deliberately loose: the server is the judge of an address; this catches typos only.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(value: string, field: FieldKey = 'email'): Problem | undefined {
  const email = value.trim();
  if (email === '') return { kind: 'required', field };
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return { kind: 'email' };
  return undefined;
}

function nameProblem(value: string): Problem | undefined {
  const name = value.trim();
  if (name === '') return { kind: 'required', field: 'userName' };
  if (name.length > NAME_MAX) return { kind: 'maxLength', field: 'userName', max: NAME_MAX };
  return undefined;
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

function roleProblem(value: string): Problem | undefined {
  return isRole(value) ? undefined : { kind: 'select', field: 'role' };
}

/** Drops the fields without a problem. */
function only<K extends string>(problems: Record<K, Problem | undefined>): Problems<K> {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined)) as Problems<K>;
}

export const hasProblems = (problems: Problems<string>): boolean => Object.keys(problems).length > 0;

export interface InviteValues {
  name: string;
  role: string;
  email: string;
}

export const validateInvite = (values: InviteValues): Problems<keyof InviteValues> =>
  only({ name: nameProblem(values.name), role: roleProblem(values.role), email: emailProblem(values.email) });

export const validateEditUser = (values: Omit<InviteValues, 'email'>): Problems<'name' | 'role'> =>
  only({ name: nameProblem(values.name), role: roleProblem(values.role) });

/** A new password typed twice, at least `min` characters (the runtime configuration's passwordMinLength). */
export function validatePasswordPair(
  values: { password: string; passwordAgain: string },
  min: number,
  fields: { password: FieldKey; again: FieldKey } = { password: 'password', again: 'passwordAgain' },
): Problems<'password' | 'passwordAgain'> {
  const { password, passwordAgain } = values;
  const first: Problem | undefined =
    password === ''
      ? { kind: 'required', field: fields.password }
      : password.length < min
        ? { kind: 'passwordMin', min }
        : password.length > PASSWORD_MAX
          ? { kind: 'maxLength', field: fields.password, max: PASSWORD_MAX }
          : undefined;
  const second: Problem | undefined =
    passwordAgain === ''
      ? { kind: 'required', field: fields.again }
      : first === undefined && passwordAgain !== password
        ? { kind: 'passwordMismatch' }
        : undefined;
  return only({ password: first, passwordAgain: second });
}

export interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  passwordAgain: string;
}

export function validateChangePassword(
  values: ChangePasswordValues,
  min: number,
): Problems<keyof ChangePasswordValues> {
  const pair = validatePasswordPair(values, min, { password: 'newPassword', again: 'newPasswordAgain' });
  const current: Problem | undefined =
    values.currentPassword === '' ? { kind: 'required', field: 'currentPassword' } : undefined;
  const password: Problem | undefined =
    pair.password ??
    (current === undefined && values.password === values.currentPassword ? { kind: 'samePassword' } : undefined);
  return only({ currentPassword: current, password, passwordAgain: pair.passwordAgain });
}

export interface ChangeEmailValues {
  currentPassword: string;
  email: string;
  emailAgain: string;
}

export function validateChangeEmail(
  values: ChangeEmailValues,
  currentEmail: string,
): Problems<keyof ChangeEmailValues> {
  const first =
    emailProblem(values.email, 'newEmail') ??
    (values.email.trim().toLowerCase() === currentEmail.trim().toLowerCase()
      ? { kind: 'sameEmail' as const }
      : undefined);
  const second: Problem | undefined =
    values.emailAgain.trim() === ''
      ? { kind: 'required', field: 'newEmailAgain' }
      : first === undefined && values.emailAgain.trim().toLowerCase() !== values.email.trim().toLowerCase()
        ? { kind: 'emailMismatch' }
        : undefined;
  const current: Problem | undefined =
    values.currentPassword === '' ? { kind: 'required', field: 'currentPassword' } : undefined;
  return only({ currentPassword: current, email: first, emailAgain: second });
}

/** The catalogue text of a problem. */
export function problemText(t: TFunction, problem: Problem): string {
  switch (problem.kind) {
    case 'required':
      return t('accounts.validation.required', { field: t(`accounts.fields.${problem.field}`) });
    case 'select':
      return t('accounts.validation.select', { field: t(`accounts.fields.${problem.field}`) });
    case 'maxLength':
      return t('accounts.validation.maxLength', { field: t(`accounts.fields.${problem.field}`), max: problem.max });
    case 'email':
      return t('accounts.validation.email');
    case 'passwordMin':
      return t('accounts.validation.passwordMin', { min: problem.min });
    case 'passwordMismatch':
      return t('accounts.validation.passwordMismatch');
    case 'emailMismatch':
      return t('accounts.validation.emailMismatch');
    case 'sameEmail':
      return t('accounts.validation.sameEmail');
    case 'samePassword':
      return t('accounts.validation.samePassword');
  }
}

/** Problems → texts by field, as a form library expects them. */
export function problemTexts<K extends string>(t: TFunction, problems: Problems<K>): Partial<Record<K, string>> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, problemText(t, problem as Problem)]),
  ) as Partial<Record<K, string>>;
}
