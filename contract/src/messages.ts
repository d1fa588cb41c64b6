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
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];
