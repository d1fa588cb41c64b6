import { z } from 'zod';
import { IDLE_TIMEOUT_MAX_MINUTES, IDLE_TIMEOUT_MIN_MINUTES, PLATFORM, STEP_UP_PURPOSES } from '../constants';
import { instantSchema, listOf, roleSchema } from './common';
import { secondStepSchema, stepUpProofBodySchema } from './twoStep';

/* Sessions: sign-in, refresh, merchant switch and the token's claims. */

export const merchantSessionBodySchema = z.object({
  email: z.email('メールアドレスの形式が正しくありません'),
  password: z.string().min(1, 'パスワードを入力してください'),
  platform: z.literal(PLATFORM),
});
export const merchantRoleEntrySchema = z.object({
  merchant_id: z.number().int(),
  role: roleSchema,
  email: z.string(),
});
/** The Authorization header (`Bearer <token>`) rides on the response; its token carries the popinfo_id claim. */
export const merchantSessionResponseSchema = z.object({
  merchant_roles: z.array(merchantRoleEntrySchema),
  identity: z.object({ user_id: z.number().int() }),
  /** Absent when the user holds no merchant role: no session is opened. */
  reauth_token: z.string().optional(),
  /**
   * Present (and nothing else opened) when the account has a second factor: the sign-in goes on with
   * POST /sessions/merchant/second_step. Absent for an account without one (the specification's answer).
   */
  second_step: secondStepSchema.optional(),
});

export const refreshBodySchema = z.object({
  reauth_token: z.string().min(1),
  popinfo_id: z.string().min(1),
  platform: z.literal(PLATFORM),
});
export const refreshResponseSchema = z.object({ reauth_token: z.string() });

/** The opener tab's current reauth token: proof that the fork is asked by the tab, not by a bearer token alone. */
export const forkSessionBodySchema = z.object({ reauth_token: z.string().min(1) });

/**
 * A session family for a browser tab opened from the caller's tab: its own popinfo id and reauth token
 * (no Authorization header: the caller's own authorization stays as it is; the new tab refreshes).
 */
export const forkSessionResponseSchema = z.object({ popinfo_id: z.string(), reauth_token: z.string() });

export const merchantSessionSwitchResponseSchema = z.object({
  reauth_token: z.string(),
  merchant_user: z.object({ user_nick_name: z.string(), role: roleSchema }),
});

/** Claims of the signed authorization token. */
export const authClaimsSchema = z.object({
  sub: z.string(),
  popinfo_id: z.string(),
  merchant_id: z.number().int().optional(),
});

export type MerchantSessionResponse = z.infer<typeof merchantSessionResponseSchema>;

/** The password, or for a user with a second factor a code, a recovery code or a passkey (issue 24). */
export const stepUpBodySchema = stepUpProofBodySchema;
/** The proof: sent by this tab in the Step-Up-Token header with the change it was made for, until it expires. */
export const stepUpResponseSchema = z.object({
  step_up_token: z.string(),
  purpose: z.enum(STEP_UP_PURPOSES),
  expires_at: z.string(),
});

/* Signed-in devices and inactivity (issue 48). */

/** One of the caller's sign-ins (its tabs together): where it came from, when it started and was last used. */
export const signInSchema = z.object({
  id: z.string(),
  /** Browser and system as the User-Agent names them ("Chrome 131 / Windows"); empty when it names none. */
  device: z.string(),
  client_ip: z.string().nullable(),
  started_at: instantSchema,
  last_used_at: instantSchema,
  /** The sign-in this request is made with. */
  current: z.boolean(),
});
export const signInsResponseSchema = listOf(signInSchema);
export const signInParamsSchema = z.object({ sign_in_id: z.uuid() });
export const endedSignInsResponseSchema = z.object({ ended: z.number().int() });
/** The sign-in was used just now: when it ends if unused from now on. */
export const sessionActivityResponseSchema = z.object({
  idle_timeout_minutes: z.number().int(),
  expires_at: instantSchema,
});
const idleMinutesSchema = z.coerce
  .number('分数を入力してください')
  .int('分数は整数で入力してください')
  .min(IDLE_TIMEOUT_MIN_MINUTES, `${IDLE_TIMEOUT_MIN_MINUTES}分から${IDLE_TIMEOUT_MAX_MINUTES}分の間で指定してください`)
  .max(
    IDLE_TIMEOUT_MAX_MINUTES,
    `${IDLE_TIMEOUT_MIN_MINUTES}分から${IDLE_TIMEOUT_MAX_MINUTES}分の間で指定してください`,
  );
export const idleTimeoutSchema = z.object({ minutes: idleMinutesSchema });
