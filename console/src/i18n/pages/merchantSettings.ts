/** Strings of the MerchantRebateCoin, MerchantBankAccount and QRCode pages. Part of jpPages. */
export const rebateCoin = {
  lead: 'お客様がこの加盟店で支払ったとき、支払額に応じて還元するコインと還元率を設定します。',
  loadFailed: '還元の設定を読み込めませんでした',
  current: '現在の設定：{{setting}}',
  currentRebate: '{{coin}}で{{rate}}%を還元',
  currentNone: '還元しない',
  formTitle: '還元の設定',
  coin: '還元するコイン',
  coinHint: '還元をやめるときは「還元しない」を選んでください',
  none: '還元しない',
  rate: '還元率',
  rateHint: '0〜{{max}}%、{{step}}%単位（全角数字でも入力できます）',
  rateNone: '還元しない設定では還元率は0%です',
  percent: '%',
  rateInvalid: '還元率は数字で入力してください（例: 1.5）',
  example: {
    title: '還元の例',
    line: '{{amount}}円のお支払いで {{rebate}} {{coin}}を還元',
    rounding: '1未満の端数は切り捨てます。',
    none: 'お支払いに対する還元は行いません。',
    invalid: '還元率を正しく入力すると、還元の例が表示されます。',
  },
  save: '保存する',
  saved: '還元の設定を保存しました',
  failed: '還元の設定を保存できませんでした',
} as const;

export const bankAccount = {
  lead: '売上金の出金先となる口座です。出金はこの口座に振り込まれます。',
  loadFailed: '振込先口座を読み込めませんでした',
  registered: {
    title: '登録中の振込先口座',
    none: '振込先口座が登録されていません',
    noneDetail: '口座を登録するまで出金は行われません。下のフォームから登録してください。',
    updatedAt: '{{date}} 登録',
    change: '口座を変更する',
  },
  form: {
    titleNew: '振込先口座を登録',
    titleChange: '振込先口座を変更',
    lead: '金融機関コード・支店コードを入力すると、金融機関名・支店名が表示されます。',
    changeLead: '変更すると、次回以降の出金は新しい口座に振り込まれます。口座番号は確認のため改めて入力してください。',
    next: '確認へ進む',
  },
  fields: {
    bank: '金融機関',
    bankCode: '金融機関コード',
    bankCodeHint: '{{digits}}桁の数字',
    branch: '支店',
    branchCode: '支店コード',
    branchCodeHint: '{{digits}}桁の数字',
    accountType: '口座種別',
    accountNumber: '口座番号',
    accountNumberHint: '{{digits}}桁未満の番号は、入力欄を離れると先頭に0を補います',
    holderName: '口座名義（カナ）',
    holderNameHint:
      '通帳の表記どおりに入力してください。全角カナ・ひらがなは半角カナに変換されます（{{length}}／{{max}}文字）',
    holderNamePlaceholder: 'ｶ)ﾒﾌﾞｸｼﾖｳﾃﾝ',
  },
  lookup: {
    checking: '照会しています…',
    bankNotFound: '該当する金融機関がありません',
    branchNotFound: 'この金融機関に該当する支店がありません',
    failed: '金融機関名を照会できませんでした。時間をおいて再度お試しください',
    waitLookup: '金融機関名・支店名の照会が終わるまでお待ちください',
  },
  confirm: {
    title: 'この口座を登録しますか？',
    lead: '出金はこの口座に振り込まれます。口座番号と名義に誤りがないか、通帳やキャッシュカードでご確認ください。',
    submit: '登録する',
    failed: '振込先口座を登録できませんでした',
  },
  nameWithCode: '{{name}}（{{code}}）',
  saved: '振込先口座を登録しました（口座番号 {{number}}）',
} as const;

export const qrCode = {
  lead: 'お客様がアプリで読み取って支払うための、この加盟店のQRコードです。',
  loadFailed: 'QRコードを読み込めませんでした',
  image: '{{merchant}}の支払い用QRコード',
  walletNo: 'ウォレット番号 {{walletNo}}',
  url: 'QRコードのURL',
  copy: 'URLをコピー',
  howTo: {
    title: 'レジでの掲示のしかた',
    steps: {
      print: 'A4ポスター（PDF）を印刷して、レジ横やお客様から見える場所に掲示してください。',
      size: '画像（PNG）はPOPやメニュー表に使えます。読み取りやすいよう、一辺3cm以上で印刷してください。',
      check: '掲示したら、アプリで一度読み取って、この加盟店の支払い画面が開くことを確かめてください。',
      amount:
        'お客様はアプリでQRコードを読み取り、金額を入力して支払います。支払い完了の画面をお客様に見せてもらってください。',
    },
  },
  downloads: {
    title: 'ダウンロード',
    png: 'QRコード画像（PNG）',
    poster: 'A4ポスター（PDF）',
    saved: '{{fileName}} を保存しました',
    failed: 'ダウンロードできませんでした',
  },
} as const;
