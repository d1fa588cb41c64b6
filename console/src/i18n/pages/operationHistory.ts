import { AUDIT_ACTION_LABELS, AUDIT_KIND_LABELS, AUDIT_OPERATOR_LABEL } from '@coin/contract';

/**
 * Strings of the Owner's 操作履歴 (issue 48). Part of jpPages. The names of the actions and their kinds
 * are the contract's, shared with the CSV.
 */
export const operationHistory = {
  lead: 'このお店のスタッフが行った操作（ログイン、返金申請、支払い、口座や設定の変更、ユーザーの招待、2段階認証、書類の発行、CSVのダウンロード）と、運営者による返金の承認を、新しい順に表示します。オーナーだけが見られます。',
  toStaff: '加盟店ユーザーに戻る',
  fromStaff: '操作履歴を見る',
  kinds: AUDIT_KIND_LABELS,
  actions: AUDIT_ACTION_LABELS,
  operator: AUDIT_OPERATOR_LABEL,
  list: {
    title: '操作の一覧',
    occurredAt: '日時',
    actor: '操作した人',
    action: '操作',
    target: '対象のユーザー',
    detail: '内容',
    clientIp: 'IPアドレス',
    person: 'ユーザー',
    kind: '種類',
    empty: 'この期間と条件に該当する操作はありません',
  },
};
