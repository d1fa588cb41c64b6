import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from './messages';

describe('error catalogue (§8)', () => {
  it('holds the specification’s texts word for word', () => {
    expect(ERROR_MESSAGES).toEqual({
      noMerchantRoles: 'このユーザーはログインできません',
      authError: '認証エラーです',
      network: 'ネットワークエラーです。しばらく待ってから再度お試しください。',
      timeout: 'サーバーへの接続がタイムアウトになりました。',
    });
  });
});
