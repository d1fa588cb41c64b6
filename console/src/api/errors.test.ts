import { ERROR_MESSAGES } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { jp } from '@/i18n/jp';
import {
  ApiError,
  AuthError,
  errorMessageKey,
  NetworkError,
  NoCredentialsError,
  NoMerchantRolesError,
  TimeoutError,
} from './errors';
import { PasskeyError } from './webauthn';

describe('error messages', () => {
  it('the catalogue carries the §8 texts word for word', () => {
    expect(jp.errors.noMerchantRoles).toBe(ERROR_MESSAGES.noMerchantRoles);
    expect(jp.errors.authError).toBe(ERROR_MESSAGES.authError);
    expect(jp.errors.network).toBe(ERROR_MESSAGES.network);
    expect(jp.errors.timeout).toBe(ERROR_MESSAGES.timeout);
  });

  it.each([
    [new NoMerchantRolesError(), 'errors.noMerchantRoles'],
    [new AuthError(), 'errors.authError'],
    [new TimeoutError(), 'errors.timeout'],
    [new NetworkError(), 'errors.network'],
    [new NoCredentialsError(), 'errors.noCredentials'],
    [new ApiError(401, { type: 'invalid_credentials', message: '' }), 'errors.invalidCredentials'],
    [new ApiError(429, { type: 'rate_limited', message: '' }), 'errors.rateLimited'],
    [new ApiError(429, { type: 'account_locked', message: '' }), 'errors.accountLocked'],
    [new ApiError(403, { type: 'forbidden', message: '' }), 'errors.forbidden'],
    [new ApiError(403, { type: 'two_step_enrolment_required', message: '' }), 'errors.twoStepEnrolmentRequired'],
    [new ApiError(401, { type: 'session_timed_out', message: '' }), 'errors.sessionTimedOut'],
    [new PasskeyError('unsupported'), 'errors.passkeyUnsupported'],
    [new PasskeyError('cancelled'), 'errors.passkeyCancelled'],
    [new PasskeyError('alreadyRegistered'), 'errors.passkeyAlreadyRegistered'],
    [new PasskeyError('failed'), 'errors.passkeyFailed'],
    [new ApiError(422, { type: 'unprocessable', message: '' }), 'errors.invalidRequest'],
    [new ApiError(500, { type: 'internal', message: '' }), 'errors.unexpected'],
    [new Error('other'), 'errors.unexpected'],
  ])('%s → %s', (error, key) => {
    expect(errorMessageKey(error)).toBe(key);
  });
});
