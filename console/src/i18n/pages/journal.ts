/**
 * Strings of the journal export (issue 26): the account names card of /download when the report is
 * 仕訳データ（弥生会計）. Part of jpPages.
 */
export const journal = {
  title: '仕訳の勘定科目',
  lead: '仕訳データは弥生会計の「弥生インポート形式」です（Shift_JIS）。弥生会計に登録している勘定科目名と同じ名前にしてください。',
  readOnlyLead: '仕訳データで使う勘定科目です。変更できるのはオーナーだけです。',
  defaults: '初期設定の勘定科目を使っています。',
  loading: '勘定科目を読み込んでいます',
  loadFailed: '勘定科目を読み込めませんでした',
  accounts: {
    receivable: '未入金の売上（コイン残高）',
    sales: '売上',
    fees: '手数料',
    bank: '振込先の預金',
    payable: '未払いの手数料（現金払い）',
    other_income: 'リベート',
  },
  hints: {
    receivable: '補助科目にはコインの名前が入ります',
    fees: '決済・返金・出金・振込の手数料（税区分 課対仕入内10%）',
  },
  save: '勘定科目を保存する',
  saved: '勘定科目を保存しました',
  failed: '保存できませんでした',
} as const;
