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
    network: ERROR_MESSAGES.network,
    timeout: ERROR_MESSAGES.timeout,
    invalidCredentials: 'メールアドレスまたはパスワードが正しくありません',
    rateLimited: '試行回数が多すぎます。しばらく待ってから再度お試しください。',
    accountLocked: 'ログインの失敗が続いたため、一時的にロックされています。しばらく待ってから再度お試しください。',
    forbidden: 'この操作を行う権限がありません',
    stepUpRequired: 'パスワードでの本人確認が済んでいないため、変更していません。もう一度お試しください。',
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
  },
} as const;

/** The whole catalogue, both parts merged (the typed keys of i18n/index.ts). */
export type Catalogue = typeof jp & typeof jpPages;
