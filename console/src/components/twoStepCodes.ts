/*
 * The codes of two-step sign-in as the user types them (issue 24). The same rules as the contract's
 * schemas (contract/src/schemas/twoStep.ts), written out here without zod: the Login page's first load
 * carries no zod (twoStepCodes.test.ts holds the two equal).
 */

/** Digits of an authenticator app's code. */
export const TOTP_CODE_DIGITS = 6;

/** A code as typed: full-width digits become ASCII, spaces and hyphens are dropped. */
export const normaliseTotpCode = (typed: string): string => typed.normalize('NFKC').replace(/[\s-]/g, '');
/** A recovery code as typed: case, spaces and hyphens do not matter. */
export const normaliseRecoveryCode = (typed: string): string =>
  typed.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase();

export type CodeProblem = 'required' | 'format';

const TOTP_PATTERN = new RegExp(`^\\d{${TOTP_CODE_DIGITS}}$`);
const RECOVERY_PATTERN = /^[A-Z0-9]{10}$/;

/** What is wrong with a typed authenticator code, or null. */
export function totpCodeProblem(typed: string): CodeProblem | null {
  const code = normaliseTotpCode(typed);
  if (code === '') return 'required';
  return TOTP_PATTERN.test(code) ? null : 'format';
}

/** What is wrong with a typed recovery code, or null. */
export function recoveryCodeProblem(typed: string): CodeProblem | null {
  const code = normaliseRecoveryCode(typed);
  if (code === '') return 'required';
  return RECOVERY_PATTERN.test(code) ? null : 'format';
}

/** A base32 secret in groups of four, for typing into an app that cannot scan the QR code. */
export const groupSecret = (secret: string): string =>
  secret
    .replace(/\s+/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

/** The proof of a second factor a form sends (the contract's `secondFactorProofSchema`). */
export type SecondFactorProof =
  | { totp_code: string }
  | { recovery_code: string }
  | { passkey: Record<string, unknown> };
