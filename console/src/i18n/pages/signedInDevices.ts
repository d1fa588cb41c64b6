/**
 * Strings of ログイン中の端末 (issue 48, /devices): the signed-in user's own sign-ins, each ended here,
 * or all but this one. Part of jpPages.
 */
export const signedInDevices = {
  lead: 'あなたのアカウントでログインしている端末（ブラウザ）の一覧です。使っていない端末は、ここからログアウトさせられます。',
  unknownDevice:
    '見覚えのない端末があれば、その端末をログアウトさせてから、パスワードを変更してください（パスワードを変更すると、ほかの端末はすべてログアウトします）。',
  toChangePassword: 'パスワードを変更する',
  list: {
    title: '端末の一覧',
    label: 'ログインしている端末',
    empty: 'ログインしている端末はありません',
    unknownBrowser: '不明なブラウザ',
    current: 'この端末',
    clientIp: 'IPアドレス {{ip}}',
    unknownIp: '不明',
    startedAt: 'ログイン日時 {{date}}',
    lastUsedAt: '最終利用日時 {{date}}',
    noOthers: 'ほかにログインしている端末はありません',
  },
  endOne: {
    button: 'ログアウトさせる',
    buttonLabel: '{{device}}（最終利用日時 {{date}}）をログアウトさせる',
    title: '端末をログアウトさせますか？',
    body: '{{device}}（IPアドレス {{ip}}、最終利用日時 {{date}}）はログアウトし、もう一度ログインするまで管理画面を使えなくなります。',
    confirm: 'ログアウトさせる',
    failed: 'ログアウトさせられませんでした',
  },
  endOthers: {
    button: 'ほかのすべての端末からログアウト',
    title: 'ほかのすべての端末からログアウトしますか？',
    body: 'この端末を除く{{count}}台の端末がログアウトし、もう一度ログインするまで管理画面を使えなくなります。この端末はログインしたままです。',
    confirm: 'すべてログアウトさせる',
    failed: 'ログアウトさせられませんでした',
  },
  ended: '{{count}}台の端末をログアウトさせました',
  endedNone: 'ログアウトさせる端末はありませんでした（すでにログアウトしています）',
};
