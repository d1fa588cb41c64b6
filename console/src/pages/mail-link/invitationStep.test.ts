import { describe, expect, it } from 'vitest';
import { invitationStepQuery, readInvitationStep } from './invitationStep';

describe('the step from /mu to /mu/invitations', () => {
  it('carries the tokens there and back', () => {
    const query = invitationStepQuery('act', { email_token: 'em', pass_token: 'pw', needs_password: true });
    expect(query).toEqual({ activate_token: 'act', email_token: 'em', pass_token: 'pw', needs_password: 'true' });
    expect(readInvitationStep(query)).toEqual({
      activate_token: 'act',
      email_token: 'em',
      pass_token: 'pw',
      needs_password: true,
    });
  });

  it('leaves the password token out for an account that has a password', () => {
    const query = invitationStepQuery('act', { email_token: 'em', pass_token: null, needs_password: false });
    expect(query).not.toHaveProperty('pass_token');
    expect(readInvitationStep(query)).toMatchObject({ pass_token: null, needs_password: false });
  });

  it('refuses a link with a token missing', () => {
    expect(readInvitationStep({ email_token: 'em' })).toBeNull();
    expect(readInvitationStep({ activate_token: 'act' })).toBeNull();
    expect(readInvitationStep({ activate_token: 'act', email_token: 'em', needs_password: 'true' })).toBeNull();
  });
});
