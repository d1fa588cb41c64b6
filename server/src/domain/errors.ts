import type { ErrorType } from '@coin/contract';

/** HTTP status of each error type answered by the service. */
export const STATUS_OF: Record<ErrorType, number> = {
  invalid_request: 400,
  invalid_reauth_token: 400,
  invalid_credentials: 401,
  unauthorized: 401,
  token_expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  // Staff and accounts
  invalid_token: 404,
  link_expired: 410,
  token_used: 409,
  last_owner: 422,
  too_large: 413,
  duplicate_email: 409,
  account_locked: 429,
};

const DEFAULT_MESSAGES: Record<ErrorType, string> = {
  invalid_request: '入力内容が正しくありません',
  invalid_reauth_token: '認証エラーです',
  invalid_credentials: 'メールアドレスまたはパスワードが正しくありません',
  unauthorized: '認証が必要です',
  token_expired: '認証の有効期限が切れました',
  forbidden: 'この操作を行う権限がありません',
  not_found: '見つかりません',
  conflict: '処理が競合しました。もう一度お試しください',
  unprocessable: '処理できません',
  rate_limited: 'リクエストが多すぎます。しばらく待ってから再度お試しください',
  internal: 'サーバーエラーが発生しました',
  // Staff and accounts
  invalid_token: '無効なリンクです',
  link_expired: 'リンクの有効期限が切れています',
  token_used: 'このリンクはすでに使用されています',
  last_owner: '有効なオーナーが1人もいなくなるため、この変更はできません',
  too_large: 'ファイルが大きすぎます',
  duplicate_email: 'このメールアドレスはすでに登録されています',
  account_locked:
    'パスワードの誤りが続いたため、アカウントを一時的にロックしています。しばらく待ってから再度お試しください',
};

/** An expected failure with its answer; handlers and domain code throw it, the HTTP layer renders it. */
export class DomainError extends Error {
  readonly status: number;

  constructor(
    readonly type: ErrorType,
    message: string = DEFAULT_MESSAGES[type],
    /** The offending input field (400 answers), as a dotted path. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
    this.status = STATUS_OF[type];
  }
}

export const notFound = (message?: string) => new DomainError('not_found', message);
export const invalidRequest = (field: string, message?: string) =>
  new DomainError('invalid_request', message ?? DEFAULT_MESSAGES.invalid_request, field);
