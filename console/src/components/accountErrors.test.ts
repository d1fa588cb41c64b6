import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/api/errors';
import { accountErrorKey, fieldRefusal, tokenFailure } from './accountErrors';

const refusal = (status: number, type: string, field?: string, message = '') =>
  new ApiError(status, { type, message, ...(field ? { field } : {}) });

describe('refused mailed links', () => {
  it.each([
    [refusal(404, 'invalid_token'), 'invalid'],
    [refusal(409, 'token_used'), 'used'],
    [refusal(410, 'link_expired'), 'expired'],
    [refusal(409, 'duplicate_email'), 'emailTaken'],
    [refusal(429, 'rate_limited'), null],
    [refusal(400, 'invalid_request', 'password'), null],
    [new NetworkError(), null],
  ])('%s → %s', (error, failure) => {
    expect(tokenFailure(error)).toBe(failure);
  });
});

describe('refusals of the account forms', () => {
  it.each([
    [refusal(422, 'last_owner'), 'accounts.errors.lastOwner'],
    [refusal(409, 'duplicate_email', 'email'), 'accounts.errors.duplicateEmail'],
    [refusal(409, 'conflict'), 'accounts.errors.conflict'],
    [refusal(400, 'invalid_request', 'current_password'), 'accounts.errors.currentPassword'],
    [refusal(422, 'invalid_credentials'), 'accounts.errors.currentPassword'],
    [refusal(429, 'rate_limited'), 'errors.rateLimited'],
    [refusal(500, 'internal'), 'errors.unexpected'],
  ])('%s → %s', (error, key) => {
    expect(accountErrorKey(error)).toBe(key);
  });

  it('puts a 400 on its field, with the server’s text only when it is Japanese', () => {
    expect(fieldRefusal(refusal(400, 'invalid_request', 'email', 'メールアドレスの形式が正しくありません'))).toEqual({
      field: 'email',
      message: 'メールアドレスの形式が正しくありません',
    });
    expect(fieldRefusal(refusal(400, 'invalid_request', 'role', 'Invalid option'))).toEqual({
      field: 'role',
      message: null,
    });
    expect(fieldRefusal(refusal(409, 'duplicate_email', 'email', 'x'))).toEqual({ field: 'email', message: null });
    expect(fieldRefusal(refusal(422, 'last_owner', 'role'))).toBeNull();
    expect(fieldRefusal(refusal(400, 'invalid_request'))).toBeNull();
  });
});
