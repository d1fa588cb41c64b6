/**
 * Strings of the history lists' amount and time-of-day filters (issue 25): the transaction history and
 * the refund request's payments. Part of jpPages.
 */
export const historyFilters = {
  toggle: '金額・時刻で絞り込む',
  /** The button's name while conditions are set: the count is also shown on it. */
  toggleActive: '金額・時刻で絞り込む（{{count}}件の条件を適用中）',
  panel: '金額・時刻の条件',
  amountMode: '金額の指定方法',
  exact: 'ちょうど',
  range: '範囲',
  amount: '金額',
  amountMin: '金額（以上）',
  amountMax: '金額（以下）',
  amountHint: '入金・出金を問わず金額の数字で探します（返金の −3,000 も 3,000 で見つかります）',
  rangeHint: 'どちらか一方だけでも指定できます',
  timeFrom: '時刻（から）',
  timeTo: '時刻（まで）',
  timeHint:
    '期間内の各日の、この時間帯（日本時間）の取引を探します。「まで」の分を含み、「から」より前なら日付をまたぎます',
  apply: '適用',
  clear: '条件をクリア',
  summary: {
    exact: '金額 {{amount}}',
    range: '金額 {{min}}〜{{max}}',
    time: '時刻 {{from}}〜{{to}}',
  },
  errors: {
    amountInvalid: '金額は数字で入力してください',
    amountPositive: '1以上の金額を入力してください',
    amountMax: '金額が大きすぎます',
    rangeOrder: '「以上」の金額は「以下」の金額以下にしてください',
    time: '時刻は00:00〜23:59の形式で入力してください',
  },
} as const;
