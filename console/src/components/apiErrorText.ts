import { errorMessageKey, isApiError } from '@/api/errors';
import type { TFunction } from '@/i18n';

/**
 * The message shown for a failed call: the server's own (Japanese) message for a refused request
 * (400, 409, 422), else the catalogue's message for the kind of failure.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && [400, 409, 422].includes(error.status) && error.body.message) return error.body.message;
  return t(errorMessageKey(error));
}
