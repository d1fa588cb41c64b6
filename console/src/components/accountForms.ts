import { ROLES, type Role } from '@coin/contract';
import type { TFunction } from '@/i18n';

/**
 * Validation of the invite / edit user form (pages/merchant-user/UserFormModal), as plain functions
 * returning what is wrong; `problemText` turns a problem into its catalogue text. The server checks
 * the same rules; these only spare a round trip. The password and address forms use the contract's
 * schemas (`accountFormSchemas.ts`) with `@mantine/form`; this file goes when the user form moves too.
 */
export type FieldKey = 'userName' | 'role' | 'email';

export type Problem =
  | { kind: 'required'; field: FieldKey }
  | { kind: 'select'; field: FieldKey }
  | { kind: 'maxLength'; field: FieldKey; max: number }
  | { kind: 'email' };

export type Problems<K extends string> = Partial<Record<K, Problem>>;

/** The contract's limits (schemas/merchantUsers.ts, identities.ts): nick names up to 50, addresses up to 254. */
const NAME_MAX = 50;
const EMAIL_MAX = 254;

// Deliberately loose: the server is the judge of an address; this catches typos only.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailProblem(value: string): Problem | undefined {
  const email = value.trim();
  if (email === '') return { kind: 'required', field: 'email' };
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
  }
}

/** Problems → texts by field, as a form library expects them. */
export function problemTexts<K extends string>(t: TFunction, problems: Problems<K>): Partial<Record<K, string>> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, problemText(t, problem as Problem)]),
  ) as Partial<Record<K, string>>;
}
