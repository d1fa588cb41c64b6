/**
 * Strings of inactivity (issue 48): the signed-in shell's warning before the automatic sign-out and the
 * Owner's minutes on the staff page. Part of jpPages. What Login says after the sign-out is on its first
 * paint: errors.sessionTimedOut in jp.ts.
 */
export const idle = {
  warning: {
    title: 'まもなく自動的にログアウトします',
    countdown:
      '一定時間操作がないため、あと{{seconds}}秒でログアウトします。続けて使う場合は「ログインを続ける」を押してください。',
    draftKept: '入力中の内容（パスワードを除く）は、同じアカウントでもう一度ログインすると元に戻ります。',
    announce: 'あと{{seconds}}秒で自動的にログアウトします',
    stay: 'ログインを続ける',
    logout: 'ログアウトする',
    stayFailed: 'ログインを続けられませんでした',
  },
  setting: {
    title: '自動ログアウト',
    lead: '操作がないまま次の時間が過ぎると、この加盟店のユーザーは自動的にログアウトされます。',
    pci: 'PCI DSSが管理画面に求めるのは15分以内です。変更は、この加盟店にログイン中のユーザーにもすぐに適用されます。',
    minutesLabel: '自動ログアウトまでの時間',
    minutes: '{{minutes}}分',
    save: '保存',
    saved: '自動ログアウトまでの時間を{{minutes}}分にしました',
    loadFailed: '自動ログアウトの設定を読み込めませんでした',
    failed: '自動ログアウトの設定を保存できませんでした',
  },
} as const;
