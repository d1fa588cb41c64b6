import type {
  AutomaticPaymentResult,
  CouponStatus,
  CSV_REPORTS,
  InvoiceStatus,
  PayoutStatus,
  RefundApplicationStatus,
  SubscriptionStatus,
  TransactionType,
  UrlPaymentStatus,
  UtilityBillCategory,
  UtilityBillStatus,
} from './constants';
import type { Role } from './roles';

/**
 * Labels of the merchant's records, in the one place the console's catalogue, the CSV writer and the
 * tests read them from. They are written from the merchant's side: a customer's PAYMENT into the
 * merchant's wallet is the merchant's 売上.
 */
export const TRANSACTION_TYPE_LABELS = {
  PAYMENT: '売上',
  RELOAD: 'チャージ',
  REFUND: '返金',
  TRANSFER: '送金',
  REBATE: 'リベート',
  WITHDRAWAL: '出金',
  FEE: '手数料',
  CASH_CANCEL: '現金取消',
} as const satisfies Record<TransactionType, string>;

export const REFUND_STATUS_LABELS = {
  REQUESTED: '申請中',
  APPROVED: '承認済み',
  CANCELED: '取消済み',
} as const satisfies Record<RefundApplicationStatus, string>;

/** The statuses and kinds the other lists show and their CSV files write, in the same words. */
export const PAYOUT_STATUS_LABELS = {
  SCHEDULED: '予定',
  PAID: '振込済',
  FAILED: '失敗',
} as const satisfies Record<PayoutStatus, string>;

export const UTILITY_BILL_CATEGORY_LABELS = {
  ELECTRICITY: '電気',
  GAS: 'ガス',
  WATER: '水道',
  PHONE: '電話',
  TAX: '税金',
} as const satisfies Record<UtilityBillCategory, string>;

export const UTILITY_BILL_STATUS_LABELS = {
  PAID: '支払済',
  CANCELED: '取消',
} as const satisfies Record<UtilityBillStatus, string>;

export const URL_PAYMENT_STATUS_LABELS = {
  ACTIVE: '有効',
  EXPIRED: '期限切れ',
  STOPPED: '停止',
} as const satisfies Record<UrlPaymentStatus, string>;

export const INVOICE_STATUS_LABELS = {
  UNPAID: '未払い',
  OVERDUE: '期限超過',
  PAID: '支払済み',
} as const satisfies Record<InvoiceStatus, string>;

export const ROLE_LABELS = {
  Owner: 'オーナー',
  Manager: 'マネージャー',
  Manager_NoPayment: 'マネージャー（支払不可）',
  Member: 'メンバー',
} as const satisfies Record<Role, string>;

/** A merchant user's status as the list shows it (INVITATION_EXPIRED is derived from the expiry). */
export const MERCHANT_USER_STATUS_LABELS = {
  ACTIVE: '有効',
  SUSPENDED: '利用停止中',
  INACTIVE: '招待中',
  CANCELED: '解約済み',
  INVITATION_EXPIRED: '招待期限切れ',
} as const;

/** The identity's email status: the 状態 of a user the list answers without an email (§4). */
export const IDENTITY_EMAIL_STATUS_LABELS = {
  VERIFIED: 'メール確認済み',
  UNVERIFIED: 'メール未確認',
} as const;

export const COUPON_STATUS_LABELS = {
  SCHEDULED: '予定',
  ACTIVE: '配布中',
  ENDED: '終了',
  STOPPED: '停止',
} as const satisfies Record<CouponStatus, string>;

export const SUBSCRIPTION_STATUS_LABELS = {
  ACTIVE: '有効',
  STOPPED: '停止',
  PAYMENT_FAILED: '支払失敗',
} as const satisfies Record<SubscriptionStatus, string>;

export const AUTOMATIC_PAYMENT_RESULT_LABELS = {
  SUCCEEDED: '成功',
  FAILED: '失敗',
  RETRY_SCHEDULED: '再試行予定',
} as const satisfies Record<AutomaticPaymentResult, string>;

/**
 * Column names of the transaction history, as the list shows them and as its CSV heads them (the screen
 * and the file say the same). The console's catalogue takes its field names from here.
 */
export const HISTORY_COLUMN_LABELS = {
  transactionId: '取引ID',
  dateTime: '日時',
  type: '種別',
  coin: 'コイン',
  amount: '金額',
  balanceAfter: '取引後残高',
  counterparty: '相手先',
  comment: 'コメント',
  canceledTransactionId: '取消対象の取引ID',
} as const;

/** The header of the history CSVs (histories, comments); the cash-cancel file adds the canceled transaction. */
export const HISTORY_CSV_HEADER: readonly string[] = [
  HISTORY_COLUMN_LABELS.transactionId,
  HISTORY_COLUMN_LABELS.dateTime,
  HISTORY_COLUMN_LABELS.type,
  HISTORY_COLUMN_LABELS.coin,
  HISTORY_COLUMN_LABELS.amount,
  HISTORY_COLUMN_LABELS.balanceAfter,
  HISTORY_COLUMN_LABELS.counterparty,
  HISTORY_COLUMN_LABELS.comment,
];

/** The CSV reports by name: the download page's choices and the 操作履歴's record of a download. */
export const CSV_REPORT_LABELS = {
  histories: '取引履歴',
  cashcancel: '現金取消履歴',
  comments: 'コメント付き取引履歴',
  tx_fees: '取引手数料',
  refund_applications: '返金申請',
  refund_fees: '返金手数料',
  merchant_payments: '他加盟店への支払い',
  payouts: '出金履歴',
  group_payouts: 'グループ加盟店の出金',
  merchant_rebates: '加盟店リベート',
  utility_bills: '公共料金収納データ',
  coupons: 'クーポン',
  book_ticket_uses: '回数券の利用履歴',
  subscribers: 'サブスクリプション会員',
  automatic_payments: '自動支払',
  url_payments: '支払いリンク',
  invoices: '請求書',
  merchant_users: 'ユーザー一覧',
  audit_events: '操作履歴',
  journal_yayoi: '仕訳データ（弥生会計）',
} as const satisfies Record<(typeof CSV_REPORTS)[number], string>;
