import { CSV_REPORTS } from './constants';
import { CSV_REPORT_LABELS, ROLE_LABELS } from './labels';
import { isRole } from './roles';

/**
 * The Owner's 操作履歴 (issue 48): what the server records of each action, how the list groups the
 * actions into kinds a filter offers, and the Japanese words the page and the CSV both show.
 */

/** Every action the audit trail records. */
export const AUDIT_ACTIONS = [
  // Sign-in
  'session.signed_in',
  'session.second_step_completed',
  'session.stepped_up',
  'session.ended_elsewhere',
  'session.timed_out',
  // Staff
  'merchant_user.invited',
  'merchant_user.updated',
  'merchant_user.suspended',
  'merchant_user.reactivated',
  'merchant_user.invitation_resent',
  'merchant_user.invitation_accepted',
  // The user's own account
  'identity.password_changed',
  'identity.password_reset',
  'identity.email_change_requested',
  'identity.email_changed',
  'identity.locked',
  // Two-step sign-in
  'identity.two_step_added',
  'identity.two_step_removed',
  'identity.recovery_codes_issued',
  'identity.two_step_reset',
  'merchant.two_step_requirement_changed',
  // Refunds
  'refund.requested',
  'refund.approved',
  'refund.canceled',
  // Money to other merchants
  'merchant_payment.created',
  'invoice.paid',
  // Bank account
  'merchant.bank_account_changed',
  // Shop settings
  'merchant.profile_updated',
  'merchant.status_changed',
  'merchant.image_uploaded',
  'merchant.tags_updated',
  'merchant.rebate_coin_updated',
  'merchant.journal_accounts_updated',
  'merchant.idle_timeout_changed',
  // Papers
  'document.issued',
  'fees.corrected',
  // Downloads
  'csv.downloaded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the 操作履歴's kind filter offers, in its order. */
export const AUDIT_KINDS = [
  'sign_in',
  'refund',
  'payment',
  'bank',
  'settings',
  'staff',
  'two_step',
  'account',
  'document',
  'download',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_OF = {
  'session.signed_in': 'sign_in',
  'session.second_step_completed': 'sign_in',
  'session.stepped_up': 'sign_in',
  'session.ended_elsewhere': 'sign_in',
  'session.timed_out': 'sign_in',
  'merchant_user.invited': 'staff',
  'merchant_user.updated': 'staff',
  'merchant_user.suspended': 'staff',
  'merchant_user.reactivated': 'staff',
  'merchant_user.invitation_resent': 'staff',
  'merchant_user.invitation_accepted': 'staff',
  'identity.password_changed': 'account',
  'identity.password_reset': 'account',
  'identity.email_change_requested': 'account',
  'identity.email_changed': 'account',
  'identity.locked': 'account',
  'identity.two_step_added': 'two_step',
  'identity.two_step_removed': 'two_step',
  'identity.recovery_codes_issued': 'two_step',
  'identity.two_step_reset': 'two_step',
  'merchant.two_step_requirement_changed': 'two_step',
  'refund.requested': 'refund',
  'refund.approved': 'refund',
  'refund.canceled': 'refund',
  'merchant_payment.created': 'payment',
  'invoice.paid': 'payment',
  'merchant.bank_account_changed': 'bank',
  'merchant.profile_updated': 'settings',
  'merchant.status_changed': 'settings',
  'merchant.image_uploaded': 'settings',
  'merchant.tags_updated': 'settings',
  'merchant.rebate_coin_updated': 'settings',
  'merchant.journal_accounts_updated': 'settings',
  'merchant.idle_timeout_changed': 'settings',
  'document.issued': 'document',
  'fees.corrected': 'document',
  'csv.downloaded': 'download',
} as const satisfies Record<AuditAction, AuditKind>;

/** The actions of one kind (the filter's SQL reads them). */
export const auditActionsOf = (kind: AuditKind): AuditAction[] =>
  AUDIT_ACTIONS.filter((action) => AUDIT_KIND_OF[action] === kind);

export const AUDIT_KIND_LABELS = {
  sign_in: 'ログイン',
  refund: '返金',
  payment: '支払い',
  bank: '振込先口座',
  settings: '店舗設定',
  staff: 'ユーザー管理',
  two_step: '2段階認証',
  account: 'アカウント',
  document: '書類',
  download: 'ダウンロード',
} as const satisfies Record<AuditKind, string>;

export const AUDIT_ACTION_LABELS = {
  'session.signed_in': 'ログイン',
  'session.second_step_completed': '2段階認証でログイン',
  'session.stepped_up': '本人確認',
  'session.ended_elsewhere': '別の端末のログインを終了',
  'session.timed_out': '無操作でログアウト',
  'merchant_user.invited': 'ユーザーを招待',
  'merchant_user.updated': 'ユーザー情報を変更',
  'merchant_user.suspended': 'ユーザーを停止',
  'merchant_user.reactivated': 'ユーザーを再開',
  'merchant_user.invitation_resent': '招待メールを再送',
  'merchant_user.invitation_accepted': '招待を承諾',
  'identity.password_changed': 'パスワードを変更',
  'identity.password_reset': 'パスワードを再設定',
  'identity.email_change_requested': 'メールアドレスの変更を申請',
  'identity.email_changed': 'メールアドレスを変更',
  'identity.locked': 'アカウントをロック',
  'identity.two_step_added': '2段階認証の方法を追加',
  'identity.two_step_removed': '2段階認証の方法を削除',
  'identity.recovery_codes_issued': 'リカバリーコードを発行',
  'identity.two_step_reset': '2段階認証を運営者がリセット',
  'merchant.two_step_requirement_changed': '2段階認証の必須設定を変更',
  'refund.requested': '返金を申請',
  'refund.approved': '返金申請が承認',
  'refund.canceled': '返金申請を取消',
  'merchant_payment.created': '他の加盟店へ支払い',
  'invoice.paid': '請求書を支払い',
  'merchant.bank_account_changed': '振込先口座を登録・変更',
  'merchant.profile_updated': '店舗情報を変更',
  'merchant.status_changed': '営業状態を変更',
  'merchant.image_uploaded': '店舗画像を登録',
  'merchant.tags_updated': 'タグを変更',
  'merchant.rebate_coin_updated': '還元コインを変更',
  'merchant.journal_accounts_updated': '仕訳の勘定科目を変更',
  'merchant.idle_timeout_changed': '自動ログアウトの時間を変更',
  'document.issued': '書類を発行',
  'fees.corrected': '手数料を訂正',
  'csv.downloaded': 'CSVをダウンロード',
} as const satisfies Record<AuditAction, string>;

/** Who did it when no user did: the operator's own tools (a refund approved, a two-step reset). */
export const AUDIT_OPERATOR_LABEL = '運営者';

const yen = (value: unknown) => (typeof value === 'number' ? `¥${value.toLocaleString('ja-JP')}` : null);
const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
const roleText = (value: unknown) => (isRole(value) ? ROLE_LABELS[value] : null);

const METHOD_LABELS: Record<string, string> = {
  password: 'パスワード',
  totp: '認証アプリ',
  passkey: 'パスキー',
  recovery_code: 'リカバリーコード',
};
const DOCUMENT_LABELS: Record<string, string> = {
  receipt: '領収書',
  fee_invoice: '手数料の請求書',
  payout_statement: '支払明細書',
  group_payout_statement: '支払明細書（グループ）',
};

/**
 * One line saying what the action changed, from the fields the server recorded (before/after). Fields
 * an action did not record are left out; an unknown field never shows as raw JSON.
 */
export function auditDetail(
  action: AuditAction,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  const b = before ?? {};
  const a = after ?? {};
  const parts: (string | null)[] = [];
  switch (action) {
    case 'session.second_step_completed':
    case 'session.stepped_up':
      parts.push(text(METHOD_LABELS[String(a.method)]));
      break;
    case 'session.signed_in':
    case 'session.ended_elsewhere':
      parts.push(text(a.device));
      break;
    case 'session.timed_out':
      parts.push(typeof a.minutes === 'number' ? `${a.minutes}分間操作なし` : null);
      break;
    case 'merchant_user.invited':
      parts.push(roleText(a.role) && `権限: ${roleText(a.role)}`);
      break;
    case 'merchant_user.updated': {
      if (b.role !== a.role && roleText(a.role)) parts.push(`権限: ${roleText(b.role) ?? '—'} → ${roleText(a.role)}`);
      if (b.name !== a.name && text(a.name)) parts.push(`名前: ${text(b.name) ?? '—'} → ${text(a.name)}`);
      break;
    }
    case 'identity.two_step_added':
    case 'identity.two_step_removed':
      parts.push(text(METHOD_LABELS[String(a.factor ?? b.factor ?? a.method ?? b.method)]));
      break;
    case 'merchant.two_step_requirement_changed':
      parts.push(a.required === true ? '必須にする' : a.required === false ? '必須にしない' : null);
      break;
    case 'refund.requested':
    case 'refund.approved':
    case 'refund.canceled':
      parts.push(
        typeof a.refund_application_id === 'number' ? `申請ID ${a.refund_application_id}` : null,
        typeof a.transaction_id === 'number' ? `取引ID ${a.transaction_id}` : null,
        yen(a.amount),
      );
      break;
    case 'merchant_payment.created':
      parts.push(text(a.payee) && `支払先: ${String(a.payee)}`, yen(a.amount));
      break;
    case 'invoice.paid':
      parts.push(text(a.title), yen(a.amount));
      break;
    case 'merchant.status_changed':
      parts.push(text(a.status) === 'OPEN' ? '営業中' : text(a.status) === 'CLOSED' ? '休業中' : null);
      break;
    case 'merchant.idle_timeout_changed':
      parts.push(typeof a.minutes === 'number' ? `${b.minutes ?? '—'}分 → ${a.minutes}分` : null);
      break;
    case 'document.issued':
      parts.push(text(DOCUMENT_LABELS[String(a.kind)]), text(a.number));
      break;
    case 'csv.downloaded':
      parts.push(
        (CSV_REPORTS as readonly unknown[]).includes(a.report)
          ? CSV_REPORT_LABELS[a.report as (typeof CSV_REPORTS)[number]]
          : null,
        text(a.start_date) && text(a.end_date) ? `${String(a.start_date)}〜${String(a.end_date)}` : null,
      );
      break;
    default:
      break;
  }
  return parts.filter((part): part is string => typeof part === 'string' && part.length > 0).join('、');
}
