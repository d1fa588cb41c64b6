import { merchantUserNameSchema, type Role, roleSchema } from '@coin/contract';
import { z } from 'zod';
import { emailText } from '@/components/accountFormSchemas';
import type { TFunction } from '@/i18n';

/*
 * The invite / edit user form's schema, for `@mantine/form` through `schemaResolver`. The contract's
 * schemas of the request judge each field (the server checks the same); the texts are the catalogue's,
 * naming the field as its label does. The form's module loads lazily with the dialog, zod with it.
 */

export type UserFormMode = 'invite' | 'edit';

/** The form as typed; the address only counts when inviting. */
export interface UserFormValues {
  name: string;
  role: string;
  email: string;
}

/** The contract's longest name (shown in its message). */
export const USER_NAME_MAX = merchantUserNameSchema.maxLength ?? Number.POSITIVE_INFINITY;

const fieldText = (t: TFunction, rule: 'required' | 'select', field: 'userName' | 'role') =>
  t(`accounts.validation.${rule}`, { field: t(`accounts.fields.${field}`) });

function nameText(t: TFunction, value: string): string | undefined {
  if (value.trim() === '') return fieldText(t, 'required', 'userName');
  if (!merchantUserNameSchema.safeParse(value).success) {
    return t('accounts.validation.maxLength', { field: t('accounts.fields.userName'), max: USER_NAME_MAX });
  }
  return undefined;
}

type Context = Pick<z.RefinementCtx, 'addIssue'>;
function report(ctx: Context, path: keyof UserFormValues, message: string | undefined) {
  if (message !== undefined) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** A name, a role of the list and, when inviting, an address. */
export const userFormSchema = (t: TFunction, mode: UserFormMode) =>
  z.object({ name: z.string(), role: z.string(), email: z.string() }).superRefine((values, ctx) => {
    report(ctx, 'name', nameText(t, values.name));
    if (!roleSchema.safeParse(values.role).success) report(ctx, 'role', fieldText(t, 'select', 'role'));
    if (mode === 'invite') report(ctx, 'email', emailText(t, values.email, 'email'));
  });

/** What the form sends once its schema has passed the values: the texts trimmed, the role as the contract's. */
export const userFormBody = (values: UserFormValues): { name: string; role: Role; email: string } => ({
  name: values.name.trim(),
  role: roleSchema.parse(values.role),
  email: values.email.trim(),
});
