import { ERROR_MESSAGES } from '@coin/contract';
import type { jpPages } from './jpPages';

/**
 * The catalogue of the `jp` interface language, part one: what the first paint shows (the Login
 * page, the public frame, the route states, the configuration error). Keys by area; the §8 texts
 * come from the contract verbatim. Part two (jpPages.ts) is added when another page loads.
 */
export const jp = {
  common: {
    appName: '加盟店管理画面',
    titleSuffix: '加盟店管理画面',
    loading: '読み込み中…',
  },
  actions: {
    login: 'ログイン',
    reload: '再読み込み',
    toggleSecretVisibility: '入力内容の表示を切り替え',
    forgotPassword: 'パスワードをお忘れの方',
  },
  fields: {
    email: 'メールアドレス',
    password: 'パスワード',
    keepSignedIn: 'ログイン状態を保持する',
  },
  validation: {
    required: '{{field}}を入力してください',
    email: 'メールアドレスの形式が正しくありません',
  },
  errors: {
    noMerchantRoles: ERROR_MESSAGES.noMerchantRoles,
    authError: ERROR_MESSAGES.authError,
    // Issue 48: the server's message for session_timed_out, also what Login says after the idle guard signs out.
    sessionTimedOut: '一定時間操作がなかったため、ログアウトしました。もう一度ログインしてください',
    network: ERROR_MESSAGES.network,
    timeout: ERROR_MESSAGES.timeout,
    invalidCredentials: 'メールアドレスまたはパスワードが正しくありません',
    rateLimited: '試行回数が多すぎます。しばらく待ってから再度お試しください。',
    accountLocked: 'ログインの失敗が続いたため、一時的にロックされています。しばらく待ってから再度お試しください。',
    forbidden: 'この操作を行う権限がありません',
    stepUpRequired: '本人確認が済んでいないため、変更していません。もう一度お試しください。',
    // Issue 24: the contract's TWO_STEP_MESSAGES.enrolmentRequired (twoStepCodes.test.ts holds them equal).
    twoStepEnrolmentRequired: 'この加盟店では2段階認証が必須です。アカウント設定で2段階認証を設定してください',
    passkeyUnsupported: 'このブラウザではパスキーを使えません。ほかの方法をお試しください。',
    passkeyCancelled: 'パスキーでの確認が完了しませんでした。もう一度お試しください。',
    passkeyAlreadyRegistered: 'この端末のパスキーはすでに登録されています。',
    passkeyFailed: 'パスキーでの確認に失敗しました。もう一度お試しください。',
    notFound: '対象のデータが見つかりません',
    invalidRequest: '入力内容に誤りがあります',
    noCredentials: 'ログイン情報がありません。再度ログインしてください。',
    unexpected: '予期しないエラーが発生しました。しばらく待ってから再度お試しください。',
    configTitle: '設定を読み込めませんでした',
    configBody: '画面の設定ファイル（config.json）を取得できませんでした。時間をおいて再読み込みしてください。',
  },
  /** Page titles by route name (menu labels, headings and document titles). */
  pages: {
    Login: 'ログイン',
  },
  login: {
    heading: '加盟店管理画面にログイン',
    // Issue 24: the second step of a sign-in with two-step sign-in; the texts of the contract's
    // TWO_STEP_MESSAGES word for word (twoStepCodes.test.ts holds them equal).
    secondStep: {
      heading: '2段階認証',
      totpLead: '認証アプリに表示されている6桁の確認コードを入力してください。',
      recoveryLead: 'リカバリーコードを入力してください。使ったコードは、もう一度は使えません。',
      passkeyLead: 'このアカウントのパスキーで本人確認をしてください。',
      code: '確認コード',
      recoveryCode: 'リカバリーコード',
      submit: '確認してログイン',
      usePasskey: 'パスキーでログイン',
      otherMethods: 'ほかの方法',
      useTotp: '認証アプリの確認コードを使う',
      useRecovery: 'リカバリーコードを使う',
      usePasskeyInstead: 'パスキーを使う',
      back: 'メールアドレスとパスワードの入力に戻る',
      expired: 'ログインの有効期限が切れました。もう一度メールアドレスとパスワードを入力してください',
      codeRequired: '確認コードを入力してください',
      codeFormat: '確認コードは6桁の数字で入力してください',
      recoveryFormat: 'リカバリーコードの形式が正しくありません（例: ABCD-EFGH-JK）',
    },
  },
} as const;

/** The whole catalogue, both parts merged (the typed keys of i18n/index.ts). */
export type Catalogue = typeof jp & typeof jpPages;
