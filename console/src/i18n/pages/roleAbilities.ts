/**
 * Strings of what each role may do (issue 48): the staff page's table, the invite / edit dialog's summary
 * of the chosen role, and the confirm step before someone becomes an Owner. Part of jpPages. Which role
 * holds an ability is the contract's (ROLE_ABILITIES); only its words are here.
 */
import type { RoleAbilityKey } from '@coin/contract';

const abilities = {
  viewSales: '売上・取引履歴の確認',
  downloadReports: 'CSV・帳票のダウンロード',
  payMerchants: 'ほかの加盟店への支払い',
  urlPayments: '支払いリンクの作成・停止',
  payInvoices: '請求書の支払い',
  reload: 'コインのチャージ',
  coupons: 'クーポンの発行・停止',
  refunds: '返金の申請・取消',
  merchantProfile: '加盟店情報・営業状態の変更',
  rebateCoin: 'リベートコインの設定',
  bankAccount: '振込先口座の登録・変更',
  staff: 'ユーザーの招待・権限の変更・利用停止',
  staffTwoStep: 'スタッフへの2段階認証の必須化',
  auditLog: '操作履歴（誰がいつ何をしたか）の確認',
} as const satisfies Record<RoleAbilityKey, string>;

export const roleAbilities = {
  abilities,
  title: '権限について',
  lead: '権限ごとに、この加盟店の管理画面でできることです。',
  show: '権限ごとにできることを表示',
  hide: '権限ごとにできることを閉じる',
  tableLabel: '権限ごとにできること',
  ability: '操作',
  yes: 'できる',
  no: 'できない',
  /** The invite / edit dialog, under the role choice. */
  chosen: {
    label: '選択した権限（{{role}}）でできること',
    may: 'できること',
    mayNot: 'できないこと',
  },
  /** Before a second Owner is invited, or someone is made an Owner. */
  ownerConfirm: {
    inviteTitle: 'オーナーとして招待しますか？',
    changeTitle: 'オーナーに変更しますか？',
    inviteLead: '{{name}}さん（{{email}}）をオーナーとして招待します。',
    changeLead: '{{name}}さんの権限をオーナーに変更します。',
    same: 'オーナーは、いまのオーナーと同じ権限を持ちます。ほかの権限にはない次の操作もできるようになります。',
    note: '信頼できる方だけをオーナーにしてください。',
  },
} as const;
