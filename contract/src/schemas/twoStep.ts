import { z } from 'zod';
import { STEP_UP_PURPOSES } from '../constants';
import { idSchema, instantSchema } from './common';

/*
 * Two-step sign-in (issue 24): authenticator-app codes (RFC 6238 TOTP), passkeys (WebAuthn) and
 * single-use recovery codes. An account with a factor signs in in two steps: the password answers a
 * short-lived second-step token (nothing that works as a session), and the second step opens the session.
 */

export const TWO_STEP_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type TwoStepMethod = (typeof TWO_STEP_METHODS)[number];

/** Six digits, as authenticator apps show them (spaces typed between the groups are dropped). */
export const TOTP_DIGITS = 6;
/** The time step of a code, in seconds (RFC 6238's default, what every authenticator app uses). */
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes issued at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step's second-step token is good for. */
export const SECOND_STEP_TTL_MS = 5 * 60 * 1000;

export const TWO_STEP_MESSAGES = {
  codeRequired: '確認コードを入力してください',
  codeFormat: `確認コードは${TOTP_DIGITS}桁の数字で入力してください`,
  recoveryFormat: 'リカバリーコードの形式が正しくありません（例: ABCD-EFGH-JK）',
  wrongCode: '確認コードが正しくありません',
  wrongRecoveryCode: 'リカバリーコードが正しくないか、すでに使われています',
  secondStepExpired: 'ログインの有効期限が切れました。もう一度メールアドレスとパスワードを入力してください',
  noPendingTotp: '認証アプリの登録を最初からやり直してください',
  alreadyEnrolled: '認証アプリはすでに登録されています',
  enrolmentRequired: 'この加盟店では2段階認証が必須です。アカウント設定で2段階認証を設定してください',
  proofRequired: 'パスワード、確認コード、リカバリーコードのいずれかを入力してください',
  wrongPasskey: 'パスキーを確認できませんでした。登録したパスキーでもう一度お試しください',
  passkeyRetry: 'パスキーを登録できませんでした。もう一度お試しください',
  passkeyTaken: 'このパスキーはすでに登録されています',
  noFactor: '2段階認証が設定されていません',
  enrolBeforeRequiring:
    'スタッフに2段階認証を必須にする前に、まずご自身の2段階認証（認証アプリまたはパスキー）を設定してください',
  factorRequired:
    '2段階認証を設定しているため、パスワードだけでは本人確認できません。認証アプリの確認コード、パスキー、リカバリーコードのいずれかを使ってください',
} as const;

/** A code as typed: digits, spaces and hyphens dropped; full-width digits become ASCII. */
export const normaliseTotpCode = (typed: string): string => typed.normalize('NFKC').replace(/[\s-]/g, '');
/** A recovery code as typed: case, spaces and hyphens do not matter. */
export const normaliseRecoveryCode = (typed: string): string =>
  typed.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase();

const totpCodeSchema = z
  .string(TWO_STEP_MESSAGES.codeRequired)
  .transform(normaliseTotpCode)
  .refine((code) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code), TWO_STEP_MESSAGES.codeFormat);
const recoveryCodeSchema = z
  .string(TWO_STEP_MESSAGES.codeRequired)
  .transform(normaliseRecoveryCode)
  .refine((code) => /^[A-Z0-9]{10}$/.test(code), TWO_STEP_MESSAGES.recoveryFormat);

/** The sign-in's answer for an account with a factor: no session yet, only the way to the second step. */
export const secondStepSchema = z.object({
  /** Proof of the password step for SECOND_STEP_TTL_MS, single use; it opens no session by itself. */
  token: z.string(),
  methods: z.array(z.enum(TWO_STEP_METHODS)),
  expires_at: instantSchema,
});

/** A WebAuthn ceremony's options or response, as @simplewebauthn's JSON helpers write them. */
export const webAuthnJsonSchema = z.record(z.string(), z.unknown());

/** One proof of the second factor: a code from the app, a recovery code, or a passkey's assertion. */
export const secondFactorProofSchema = z.union([
  z.object({ totp_code: totpCodeSchema }),
  z.object({ recovery_code: recoveryCodeSchema }),
  z.object({ passkey: webAuthnJsonSchema }),
]);

export const completeSecondStepBodySchema = z.intersection(
  z.object({ token: z.string().min(1).max(200) }),
  secondFactorProofSchema,
);
export const secondStepTokenBodySchema = z.object({ token: z.string().min(1).max(200) });
export const passkeyOptionsResponseSchema = z.object({ options: webAuthnJsonSchema });

/**
 * Step-up: what the proof is for (and in which merchant), and the proof: the password for a user without
 * a second factor; for one with an app or a passkey, a code, a recovery code or a passkey (issue 45).
 */
export const stepUpProofBodySchema = z.intersection(
  z.object({ purpose: z.enum(STEP_UP_PURPOSES), merchant_id: z.number().int().positive().nullable().default(null) }),
  z.union([
    z.object({ password: z.string().min(1, 'パスワードを入力してください').max(256) }),
    secondFactorProofSchema,
  ]),
);

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: instantSchema,
  last_used_at: instantSchema.nullable(),
});
export const twoStepStatusSchema = z.object({
  totp: z.object({ enrolled_at: instantSchema }).nullable(),
  passkeys: z.array(passkeySchema),
  /** Unused recovery codes left (0 without a factor). */
  recovery_codes_left: z.number().int(),
  /** Whether any factor is enrolled: sign-in then takes two steps. */
  enabled: z.boolean(),
  /** Merchants of the user that require two-step sign-in of their staff. */
  required_by: z.array(z.object({ merchant_id: z.number().int(), name: z.string() })),
});

export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The `otpauth://` URI the QR code carries. */
  otpauth_url: z.string(),
});
export const confirmTotpBodySchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({
  /** Shown once; only their hashes are stored. */
  recovery_codes: z.array(z.string()),
});
export const enrolledSchema = z.object({
  /** The first factor of an account issues its recovery codes (shown once); later ones issue none. */
  recovery_codes: z.array(z.string()).nullable(),
});
export const registerPasskeyBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'パスキーの名前を入力してください')
    .max(40, 'パスキーの名前は40文字以内で入力してください'),
  response: webAuthnJsonSchema,
});
export const passkeyParamsSchema = z.object({ id: idSchema, passkey_id: idSchema });

export const merchantTwoStepSchema = z.object({
  /** Staff without a factor must enrol before they can use this merchant. */
  required: z.boolean(),
  /** ACTIVE staff who have no factor yet. */
  staff_without: z.number().int(),
});
export const merchantTwoStepBodySchema = z.object({ required: z.boolean() });

export type SecondStep = z.infer<typeof secondStepSchema>;
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;
export type MerchantTwoStep = z.infer<typeof merchantTwoStepSchema>;
