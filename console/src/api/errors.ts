import { ERROR_MESSAGES } from '@coin/contract';
import { PasskeyError } from './webauthn';

/** The `{ type, message, field }` body of an error answer, passed through to the caller. */
export interface ApiErrorBody {
  type: string;
  message: string;
  field?: string;
}

/** The server answered with an error status (4xx/5xx). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

/** The request did not finish within the configured timeout (§8). */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor() {
    super(ERROR_MESSAGES.timeout);
  }
}

/** No response reached us, or refreshing the session failed for another reason than 400 (§8). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause?: unknown) {
    super(ERROR_MESSAGES.network, { cause });
  }
}

/** Refreshing the session was refused (400): the session is cleared (§8). */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor() {
    super(ERROR_MESSAGES.authError);
  }
}

/** No reauth token is stored, so no session can be obtained (§8: "no credentials"). */
export class NoCredentialsError extends Error {
  override readonly name = 'NoCredentialsError';
  constructor() {
    super('no credentials');
  }
}

/** Sign-in answered no merchant roles (§5, §8). */
export class NoMerchantRolesError extends Error {
  override readonly name = 'NoMerchantRolesError';
  constructor() {
    super(ERROR_MESSAGES.noMerchantRoles);
  }
}

/** The server answered 2xx with a body that does not match the contract. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  constructor(cause?: unknown) {
    super('unexpected response', { cause });
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** The i18n key (errors.*) of the message a screen shows for a failure. */
export function errorMessageKey(error: unknown): `errors.${ErrorKey}` {
  return `errors.${errorKey(error)}`;
}

export type ErrorKey =
  | 'noMerchantRoles'
  | 'authError'
  | 'sessionTimedOut'
  | 'network'
  | 'timeout'
  | 'invalidCredentials'
  | 'rateLimited'
  | 'accountLocked'
  | 'forbidden'
  | 'stepUpRequired'
  | 'twoStepEnrolmentRequired'
  | 'passkeyUnsupported'
  | 'passkeyCancelled'
  | 'passkeyAlreadyRegistered'
  | 'passkeyFailed'
  | 'notFound'
  | 'invalidRequest'
  | 'noCredentials'
  | 'unexpected';

function errorKey(error: unknown): ErrorKey {
  if (error instanceof NoMerchantRolesError) return 'noMerchantRoles';
  if (error instanceof AuthError) return 'authError';
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof NetworkError) return 'network';
  if (error instanceof NoCredentialsError) return 'noCredentials';
  if (error instanceof PasskeyError) {
    if (error.reason === 'unsupported') return 'passkeyUnsupported';
    if (error.reason === 'cancelled') return 'passkeyCancelled';
    if (error.reason === 'alreadyRegistered') return 'passkeyAlreadyRegistered';
    return 'passkeyFailed';
  }
  if (error instanceof ApiError) {
    if (error.body.type === 'invalid_credentials') return 'invalidCredentials';
    if (error.body.type === 'account_locked') return 'accountLocked';
    if (error.body.type === 'step_up_required') return 'stepUpRequired';
    if (error.body.type === 'two_step_enrolment_required') return 'twoStepEnrolmentRequired';
    if (error.body.type === 'session_timed_out') return 'sessionTimedOut';
    if (error.status === 429) return 'rateLimited';
    if (error.status === 401) return 'authError';
    if (error.status === 403) return 'forbidden';
    if (error.status === 404) return 'notFound';
    if (error.status === 400 || error.status === 422) return 'invalidRequest';
  }
  return 'unexpected';
}
