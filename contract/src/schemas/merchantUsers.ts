import { z } from 'zod';
import { DISPLAYED_USER_STATUSES, MERCHANT_USER_STATUSES } from '../merchantUserStatus';
import { idSchema, instantSchema, pagedOf, pagingQuerySchema, roleSchema } from './common';
import { accountEmailSchema, mailTokenSchema, newPasswordSchema } from './identities';

/* Merchant users (staff): the list, invitations and their activation. */

export const merchantUserStatusSchema = z.enum(MERCHANT_USER_STATUSES);
/** INVITATION_EXPIRED is derived on the client, never sent by the server (displayedUserStatus). */
export const displayedUserStatusSchema = z.enum(DISPLAYED_USER_STATUSES);
export const merchantUserSchema = z.object({
  user_id: z.number().int(),
  email: z.string().optional(),
  status: merchantUserStatusSchema,
  activate_token_available_until: instantSchema.nullable(),
  name: z.string(),
  role: roleSchema,
  /** Whether the user has a second factor (an authenticator app or a passkey): the Owner sees who lacks it. */
  two_step: z.boolean(),
});
/** The list pages like every list (the specification's call answers the items; paging is added). */
export const merchantUsersQuerySchema = pagingQuerySchema;
export const merchantUsersResponseSchema = pagedOf(merchantUserSchema);

/** A nick name as shown in the user list. */
export const merchantUserNameSchema = z
  .string()
  .trim()
  .min(1, '名前を入力してください')
  .max(50, '名前は50文字以内で入力してください');

export const merchantUserParamsSchema = z.object({ id: idSchema, user_id: idSchema });
export const inviteMerchantUserBodySchema = z.object({
  name: merchantUserNameSchema,
  role: roleSchema,
  email: accountEmailSchema,
});
/** Either `{name, role}` (edit) or `{status}` (suspend / activate). */
export const updateMerchantUserBodySchema = z
  .object({
    name: merchantUserNameSchema.optional(),
    role: roleSchema.optional(),
    status: z.enum(['ACTIVE', 'SUSPENDED']).optional(),
  })
  .refine((b) => b.status !== undefined || b.name !== undefined || b.role !== undefined, {
    message: '変更する項目を指定してください',
    path: ['status'],
  })
  .refine((b) => b.status === undefined || (b.name === undefined && b.role === undefined), {
    message: '状態と名前・権限は同時に変更できません',
    path: ['status'],
  });

export const tokenParamsSchema = z.object({ token: mailTokenSchema });
/** What the invitation link shows; each call issues fresh email and password tokens for the next step. */
export const invitationResponseSchema = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  name: z.string(),
  role: roleSchema,
  email: z.string(),
  /** The invited identity has no password yet: the next step sets one. */
  needs_password: z.boolean(),
  email_token: z.string(),
  /** Null when the identity already has a password. */
  pass_token: z.string().nullable(),
});
export const activateInvitationBodySchema = z.object({
  activate_token: mailTokenSchema,
  email_token: mailTokenSchema,
  pass_token: mailTokenSchema.nullable().optional(),
  /** Required when the invitation needs a password. */
  password: newPasswordSchema.optional(),
});
export const activateInvitationResponseSchema = z.object({
  merchant_id: z.number().int(),
  email: z.string(),
});

export type MerchantUser = z.infer<typeof merchantUserSchema>;
export type Invitation = z.infer<typeof invitationResponseSchema>;
