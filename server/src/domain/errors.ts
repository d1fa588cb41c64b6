import { type ErrorType, type StepUpPurpose, TWO_STEP_MESSAGES } from '@coin/contract';

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
  step_up_required: 'この操作の前に、本人確認をしてください',
  two_step_enrolment_required: TWO_STEP_MESSAGES.enrolmentRequired,
  session_timed_out: '一定時間操作がなかったため、ログアウトしました。もう一度ログインしてください',
};

/**
 * An expected failure: its type (from the contract's catalogue), message and offending field. Handlers
 * and domain code throw it; the HTTP layer chooses the status and renders it (http/errors.ts).
 */
export class DomainError extends Error {
  /** What a `step_up_required` refusal needs a proof for (stepUpRequired). */
  purpose?: StepUpPurpose;
  constructor(
    readonly type: ErrorType,
    message: string = DEFAULT_MESSAGES[type],
    /** The offending input field (invalid_request), as a dotted path. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A refusal that names what the change needs a proof for (403 `step_up_required`, issue 45). */
export function stepUpRequired(purpose: StepUpPurpose): DomainError {
  const error = new DomainError('step_up_required');
  error.purpose = purpose;
  return error;
}

export const notFound = (message?: string) => new DomainError('not_found', message);
export const invalidRequest = (field: string, message?: string) =>
  new DomainError('invalid_request', message ?? DEFAULT_MESSAGES.invalid_request, field);
