import { z } from 'zod';
import { REQUESTER } from '../constants';

/* Identities and accounts: email address, password, mailed links. */

export const emailStatusSchema = z.enum(['VERIFIED', 'UNVERIFIED']);
export const identityEmailResponseSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  email_status: emailStatusSchema,
});

export const changeEmailBodySchema = z.object({
  email: z
    .email('メールアドレスの形式が正しくありません')
    .max(254)
    .transform((email) => email.toLowerCase()),
  requester: z.literal(REQUESTER),
  /** Required: 400 field current_password when wrong (counting toward the sign-in lockout). */
  current_password: z
    .string({ message: '現在のパスワードを入力してください' })
    .min(1, '現在のパスワードを入力してください'),
});

/** Addresses are compared and stored in lower case. */
export const accountEmailSchema = z
  .email('メールアドレスの形式が正しくありません')
  .max(254, 'メールアドレスが長すぎます')
  .transform((email) => email.toLowerCase());
/** The minimum length is the service's configuration (PASSWORD_MIN_LENGTH), checked by the server. */
export const newPasswordSchema = z
  .string()
  .min(1, 'パスワードを入力してください')
  .max(128, 'パスワードは128文字以内で入力してください');
/** A token from a mailed link (opaque, base64url). */
export const mailTokenSchema = z.string().min(1).max(200);

export const verifyEmailBodySchema = z.object({ token: mailTokenSchema });
export const verifyEmailResponseSchema = z.object({ user_id: z.number().int(), email: z.string() });

export const passwordResetRequestBodySchema = z.object({
  email: accountEmailSchema,
  /** 'MerchantWeb' links to the merchant console's reset page. */
  requester: z.string().min(1).max(50),
});
export const okResponseSchema = z.object({ ok: z.literal(true) });
export const resetPasswordBodySchema = z.object({ password: newPasswordSchema });
export const resetPasswordResponseSchema = z.object({ email: z.string() });

export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, '現在のパスワードを入力してください'),
  password: newPasswordSchema,
});
/** The address stays `email` until the link mailed to `pending_email` is followed. */
export const changeEmailResponseSchema = z.object({ email: z.string(), pending_email: z.string() });
