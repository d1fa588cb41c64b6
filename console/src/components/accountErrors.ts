import { ApiError, errorMessageKey } from '@/api/errors';

/** How a mailed link's token was refused: each has its own page. */
export type TokenFailure = 'invalid' | 'used' | 'expired' | 'emailTaken';

export function tokenFailure(error: unknown): TokenFailure | null {
  if (!(error instanceof ApiError)) return null;
  const { type } = error.body;
  if (type === 'token_used') return 'used';
  if (type === 'link_expired' || error.status === 410) return 'expired';
  if (type === 'duplicate_email') return 'emailTaken';
  if (type === 'invalid_token' || error.status === 404) return 'invalid';
  return null;
}

/** The catalogue key of what an account form shows for a refusal. */
export function accountErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    const { type, field } = error.body;
    if (type === 'last_owner') return 'accounts.errors.lastOwner';
    if (type === 'duplicate_email') return 'accounts.errors.duplicateEmail';
    if (field === 'current_password' || (type === 'invalid_credentials' && error.status !== 429)) {
      return 'accounts.errors.currentPassword';
    }
    if (type === 'conflict') return 'accounts.errors.conflict';
  }
  return errorMessageKey(error);
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/** Whether a message is worded in Japanese (kana or kanji): the contract's are, zod's defaults are not. */
export const isJapanese = (text: string): boolean => JAPANESE.test(text);

/**
 * The form field a 400 refusal names (`field`, in the request's snake_case), with the text to show
 * there: the server's own message when it is Japanese (the contract's schemas word them), else ours.
 */
export function fieldRefusal(error: unknown): { field: string; message: string | null } | null {
  if (!(error instanceof ApiError) || !error.body.field) return null;
  if (error.body.type === 'duplicate_email') return { field: error.body.field, message: null };
  if (error.status !== 400) return null;
  return { field: error.body.field, message: isJapanese(error.body.message) ? error.body.message : null };
}
