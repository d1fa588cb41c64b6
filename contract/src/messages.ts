/** Error catalogue of the specification (§8), word for word. */
export const ERROR_MESSAGES = {
  noMerchantRoles: 'このユーザーはログインできません',
  authError: '認証エラーです',
  network: 'ネットワークエラーです。しばらく待ってから再度お試しください。',
  timeout: 'サーバーへの接続がタイムアウトになりました。',
} as const;

/** Machine-readable error types answered by the wallet service in `{ type, message }`. */
export const ERROR_TYPES = [
  'invalid_request',
  'invalid_credentials',
  'invalid_reauth_token',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'rate_limited',
  'internal',
  // Staff and accounts
  /** A mailed link's token is unknown (or was replaced by a newer one): 404. */
  'invalid_token',
  /** A mailed link's token has expired: 410. */
  'link_expired',
  /** A mailed link's token was already used: 409. */
  'token_used',
  /** The change would leave the merchant without an active Owner: 422. */
  'last_owner',
  /** An upload is larger than its limit: 413. */
  'too_large',
  /** The address already belongs to a user of the merchant (or, for a change of address, to another identity): 409. */
  'duplicate_email',
  /** Too many failed passwords: the account refuses sign-in for a while: 429. */
  'account_locked',
  // Trust
  /**
   * A change of where money goes, of staff or of the merchant's status needs a recent proof of who the
   * caller is (POST /sessions/current/step_up): 403.
   */
  'step_up_required',
  /**
   * The merchant requires two-step sign-in of its staff and the caller has no second factor yet: enrol
   * one first (the caller's own factor calls stay open): 403.
   */
  'two_step_enrolment_required',
  /** The sign-in went unused longer than its shop allows and has ended on the server: 401 (issue 48). */
  'session_timed_out',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];
