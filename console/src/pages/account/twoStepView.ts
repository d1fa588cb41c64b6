import type { TwoStepStatus } from '@coin/contract';

/*
 * What the two-step sign-in page (issue 24) shows, as plain functions of the user's status: kept apart
 * from the components so each rule has its test (twoStepView.test.ts).
 */

/**
 * Whether the page must say that a merchant requires two-step sign-in: the user has no factor and a call
 * was refused for it (`refused`, before the status has loaded), or a merchant of the user requires it.
 */
export function mustEnrol(status: TwoStepStatus | undefined, refused: boolean): boolean {
  if (!status) return refused;
  return !status.enabled && (refused || status.required_by.length > 0);
}

/** The merchants that require two-step sign-in of their staff, joined for one sentence (null: none). */
export function requiredByNames(status: TwoStepStatus | undefined, separator: string): string | null {
  const names = status?.required_by.map((merchant) => merchant.name) ?? [];
  return names.length > 0 ? names.join(separator) : null;
}

/** The recovery codes as a text file: a heading line, then one code a line (CRLF, as Notepad writes). */
export const recoveryCodesFile = (heading: string, codes: readonly string[]): string =>
  [heading, '', ...codes, ''].join('\r\n');

/** Whether removing this factor leaves the account without any (sign-in goes back to the password alone). */
export function isLastFactor(status: TwoStepStatus, factor: 'totp' | { passkeyId: number }): boolean {
  const others =
    factor === 'totp'
      ? status.passkeys.length
      : (status.totp ? 1 : 0) + status.passkeys.filter((passkey) => passkey.id !== factor.passkeyId).length;
  return others === 0;
}
