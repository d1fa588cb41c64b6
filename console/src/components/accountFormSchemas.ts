import { accountEmailSchema, newPasswordSchema } from '@coin/contract';
import { type FormErrors, schemaResolver } from '@mantine/form';
import { z } from 'zod';
import type { TFunction } from '@/i18n';

/**
 * The signed-in and mailed-link account forms' schemas, for `@mantine/form` through `schemaResolver`.
 * Pages load this module (and zod with it) lazily through `useAccountRules` (accountFormRules.ts),
 * keeping zod out of their chunks as the call schemas are.
 * The contract's schemas judge an address and a password's upper limit (the server checks the same);
 * the texts are the catalogue's, naming the field as its label does. The minimum password length is
 * the runtime configuration's (passwordMinLength).
 */
export type AccountField =
  | 'email'
  | 'newEmail'
  | 'newEmailAgain'
  | 'currentPassword'
  | 'password'
  | 'passwordAgain'
  | 'newPassword'
  | 'newPasswordAgain';

/** The contract's upper limit of a password (shown in its message). */
export const PASSWORD_MAX = newPasswordSchema.maxLength ?? Number.POSITIVE_INFINITY;

const requiredText = (t: TFunction, field: AccountField) =>
  t('accounts.validation.required', { field: t(`accounts.fields.${field}`) });

/** What is wrong with an address typed into `field`, or undefined (the user form's invitation uses it too). */
export function emailText(t: TFunction, value: string, field: AccountField): string | undefined {
  const email = value.trim();
  if (email === '') return requiredText(t, field);
  if (!accountEmailSchema.safeParse(email).success) return t('accounts.validation.email');
  return undefined;
}

/** What is wrong with a new password typed into `field`, or undefined. */
function newPasswordText(t: TFunction, value: string, min: number, field: AccountField): string | undefined {
  if (value === '') return requiredText(t, field);
  if (value.length < min) return t('accounts.validation.passwordMin', { min });
  if (!newPasswordSchema.safeParse(value).success) {
    return t('accounts.validation.maxLength', { field: t(`accounts.fields.${field}`), max: PASSWORD_MAX });
  }
  return undefined;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Context = Pick<z.RefinementCtx, 'addIssue'>;
function report(ctx: Context, path: string, message: string | undefined) {
  if (message !== undefined) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** Checks `password` and its confirmation `passwordAgain`; returns whether `password` itself passed. */
function checkPair(
  t: TFunction,
  values: { password: string; passwordAgain: string },
  min: number,
  labels: { password: AccountField; again: AccountField },
  ctx: Context,
): boolean {
  const first = newPasswordText(t, values.password, min, labels.password);
  report(ctx, 'password', first);
  if (values.passwordAgain === '') report(ctx, 'passwordAgain', requiredText(t, labels.again));
  else if (first === undefined && values.passwordAgain !== values.password) {
    report(ctx, 'passwordAgain', t('accounts.validation.passwordMismatch'));
  }
  return first === undefined;
}

export interface PasswordPairValues {
  password: string;
  passwordAgain: string;
}

/** A new password typed twice (a reset, the first password of an invited user). */
export const passwordPairSchema = (t: TFunction, min: number) =>
  z
    .object({ password: z.string(), passwordAgain: z.string() })
    .superRefine(
      (values, ctx) => void checkPair(t, values, min, { password: 'password', again: 'passwordAgain' }, ctx),
    );

export interface ChangePasswordValues extends PasswordPairValues {
  currentPassword: string;
}

/** The current password, and a different new one typed twice. */
export const changePasswordSchema = (t: TFunction, min: number) =>
  z.object({ currentPassword: z.string(), password: z.string(), passwordAgain: z.string() }).superRefine((v, ctx) => {
    const hasCurrent = v.currentPassword !== '';
    if (!hasCurrent) report(ctx, 'currentPassword', requiredText(t, 'currentPassword'));
    const newOk = checkPair(t, v, min, { password: 'newPassword', again: 'newPasswordAgain' }, ctx);
    if (newOk && hasCurrent && v.password === v.currentPassword) {
      report(ctx, 'password', t('accounts.validation.samePassword'));
    }
  });

export interface ChangeEmailValues {
  currentPassword: string;
  email: string;
  emailAgain: string;
}

/** The current password, and a new address (not the current one, case aside) typed twice. */
export const changeEmailSchema = (t: TFunction, currentEmail: string) =>
  z.object({ currentPassword: z.string(), email: z.string(), emailAgain: z.string() }).superRefine((v, ctx) => {
    if (v.currentPassword === '') report(ctx, 'currentPassword', requiredText(t, 'currentPassword'));
    const first =
      emailText(t, v.email, 'newEmail') ??
      (sameAddress(v.email, currentEmail) ? t('accounts.validation.sameEmail') : undefined);
    report(ctx, 'email', first);
    if (v.emailAgain.trim() === '') report(ctx, 'emailAgain', requiredText(t, 'newEmailAgain'));
    else if (first === undefined && !sameAddress(v.emailAgain, v.email)) {
      report(ctx, 'emailAgain', t('accounts.validation.emailMismatch'));
    }
  });

/** An address to mail a reset link to. */
export const resetRequestSchema = (t: TFunction) =>
  z.object({ email: z.string() }).superRefine((v, ctx) => report(ctx, 'email', emailText(t, v.email, 'email')));

/** What a form shows for these values: the first problem of each field, by path. */
export const formErrors = (schema: z.ZodType, values: unknown): FormErrors =>
  schemaResolver(schema, { sync: true })(values);
