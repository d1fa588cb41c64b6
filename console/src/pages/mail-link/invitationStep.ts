import type { Invitation } from '@coin/contract';

/** What /mu hands to /mu/invitations in the query: the three tokens and whether a password is needed. */
export function invitationStepQuery(
  activateToken: string,
  invitation: Pick<Invitation, 'email_token' | 'pass_token' | 'needs_password'>,
): Record<string, string> {
  return {
    activate_token: activateToken,
    email_token: invitation.email_token,
    ...(invitation.pass_token ? { pass_token: invitation.pass_token } : {}),
    needs_password: String(invitation.needs_password),
  };
}

export interface InvitationStep {
  activate_token: string;
  email_token: string;
  pass_token: string | null;
  needs_password: boolean;
}

/** Reads /mu/invitations' query back; null when a token is missing (a hand-made or truncated link). */
export function readInvitationStep(query: Readonly<Record<string, string | undefined>>): InvitationStep | null {
  const { activate_token, email_token, pass_token, needs_password } = query;
  if (!activate_token || !email_token) return null;
  const needsPassword = needs_password === 'true';
  if (needsPassword && !pass_token) return null;
  return { activate_token, email_token, pass_token: pass_token || null, needs_password: needsPassword };
}
