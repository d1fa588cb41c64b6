import type { BankAccount } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/api/errors';
import { bankAccountKeys, zenginKeys } from '@/api/merchantSettings';
import { inputValueOf, renderHtml, seedError, TEST_MERCHANT, testQueryClient, textOf } from '@/components/pageTesting';
import { BankAccountForm } from './BankAccountForm';
import BankAccountPage from './BankAccountPage';
import { type BankAccountValues, bankAccountValuesOf } from './bankAccountForm';
import { ConfirmBankAccount } from './ConfirmBankAccount';
import { RegisteredAccount } from './RegisteredAccount';

// The app's client and session need a browser: the page reads its data from the cache the test fills.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const account: BankAccount = {
  bank_code: '0128',
  bank_name: '群馬銀行',
  branch_code: '112',
  branch_name: '前橋支店',
  account_type: 'ORDINARY',
  number_masked: '****4567',
  holder_name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
  updated_at: '2026-04-01T01:00:00.000Z',
};
const gunma = { code: '0128', name: '群馬銀行', kana: 'ｸﾞﾝﾏ' };
const maebashi = { code: '112', name: '前橋支店', kana: 'ﾏｴﾊﾞｼ' };
const notFound = new ApiError(404, { type: 'not_found', message: 'Not Found' });
const emptyValues: BankAccountValues = {
  bankCode: '',
  branchCode: '',
  accountType: 'ORDINARY',
  accountNumber: '',
  holderName: '',
};

const formHtml = (values: Partial<BankAccountValues>, client = testQueryClient(), problems = {}) =>
  renderHtml(
    <BankAccountForm
      merchantId={TEST_MERCHANT.merchant_id}
      changing={false}
      draft={{ values: { ...emptyValues, ...values }, problems }}
      onConfirm={() => {}}
    />,
    client,
  );

describe('BankAccountPage', () => {
  it('shows a loading state until the account arrives', () => {
    const html = renderHtml(<BankAccountPage />);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('<form');
  });

  it('shows the failure with a retry button', async () => {
    const client = testQueryClient();
    await seedError(client, bankAccountKeys.detail(TEST_MERCHANT.merchant_id), new NetworkError());
    const text = textOf(renderHtml(<BankAccountPage />, client));
    expect(text).toContain('振込先口座を読み込めませんでした');
    expect(text).toContain('再試行');
  });

  it('says when no account is registered, and offers an empty form once its chunk has loaded', async () => {
    const client = testQueryClient();
    client.setQueryData(bankAccountKeys.detail(TEST_MERCHANT.merchant_id), { account: null });
    const first = renderHtml(<BankAccountPage />, client);
    expect(textOf(first)).toContain('振込先口座が登録されていません');
    expect(first).not.toContain('<form');
    expect(first).toContain('aria-busy="true"');
    await import('./BankAccountForm');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const html = renderHtml(<BankAccountPage />, client);
    expect(textOf(html)).toContain('振込先口座が登録されていません');
    expect(textOf(html)).toContain('振込先口座を登録');
    expect(inputValueOf(html, '金融機関')).toBe('');
  });

  it('shows the registered account masked, and opens the form to change it only on request', () => {
    const client = testQueryClient();
    client.setQueryData(bankAccountKeys.detail(TEST_MERCHANT.merchant_id), { account });
    const html = renderHtml(<BankAccountPage />, client);
    const text = textOf(html);
    expect(text).toContain('登録中の振込先口座');
    expect(text).toContain('群馬銀行（0128）');
    expect(text).toContain('前橋支店（112）');
    expect(text).toContain('普通');
    expect(text).toContain('****4567');
    expect(text).toContain('ﾔﾏﾀﾞ ﾀﾛｳ');
    expect(text).toContain('口座を変更する');
    expect(html).not.toContain('<form');
  });

  it('starts a change from the registered account, the number to be typed again', () => {
    const client = testQueryClient();
    client.setQueryData(zenginKeys.bank('0128'), gunma);
    client.setQueryData(zenginKeys.branch('0128', '112'), maebashi);
    const html = formHtml(bankAccountValuesOf(account), client);
    expect(inputValueOf(html, '金融機関')).toBe('0128');
    expect(inputValueOf(html, '支店')).toBe('112');
    expect(inputValueOf(html, '口座番号')).toBe('');
    expect(inputValueOf(html, '口座名義（カナ）')).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');
  });

  it('shows what was saved masked, as the server answers it', () => {
    const text = textOf(renderHtml(<RegisteredAccount account={{ ...account, number_masked: '****0001' }} />));
    expect(text).toContain('****0001');
    expect(text).not.toContain('1234567');
  });
});

describe('the Zengin look-ups as the codes are typed', () => {
  it('shows the bank and branch names found for complete codes', () => {
    const client = testQueryClient();
    client.setQueryData(zenginKeys.bank('0128'), gunma);
    client.setQueryData(zenginKeys.branch('0128', '112'), maebashi);
    const text = textOf(formHtml({ bankCode: '0128', branchCode: '112' }, client));
    expect(text).toContain('群馬銀行');
    expect(text).toContain('前橋支店');
    expect(text).not.toContain('該当する');
  });

  it('says when the list has no such bank, and does not look the branch up under it', async () => {
    const client = testQueryClient();
    await seedError(client, zenginKeys.bank('9998'), notFound);
    const text = textOf(formHtml({ bankCode: '9998', branchCode: '112' }, client));
    expect(text).toContain('該当する金融機関がありません');
    expect(text).not.toContain('該当する支店');
    expect(text).not.toContain('照会しています…');
  });

  it('says when the bank has no such branch', async () => {
    const client = testQueryClient();
    client.setQueryData(zenginKeys.bank('0128'), gunma);
    await seedError(client, zenginKeys.branch('0128', '999'), notFound);
    const text = textOf(formHtml({ bankCode: '0128', branchCode: '999' }, client));
    expect(text).toContain('群馬銀行');
    expect(text).toContain('この金融機関に該当する支店がありません');
  });

  it('shows that a complete code is being looked up, and an incomplete one is not', () => {
    expect(textOf(formHtml({ bankCode: '0128' }))).toContain('照会しています…');
    const text = textOf(formHtml({ bankCode: '012' }));
    expect(text).not.toContain('照会しています…');
    expect(text).toContain('4桁の金融機関コードを入力し、一覧から選んでください');
  });
});

describe('the form', () => {
  it('shows a refused field (400) on that field', () => {
    const html = formHtml({ accountNumber: '12345678' }, testQueryClient(), {
      accountNumber: '口座番号は7桁以内の数字で入力してください',
    });
    expect(html).toMatch(/aria-invalid="true"[^>]*value="12345678"/);
    expect(textOf(html)).toContain('口座番号は7桁以内の数字で入力してください');
  });

  it('shows the holder name problems as typed', () => {
    const text = textOf(formHtml({ holderName: 'ﾔﾏﾀﾞ★' }));
    expect(text).toContain('口座名義に使えない文字が含まれています（★）');
    expect(text).toContain('（5／30文字）');
  });
});

describe('ConfirmBankAccount: the step before registering', () => {
  const confirmed = {
    body: {
      bank_code: '0128',
      branch_code: '112',
      account_type: 'SAVINGS',
      account_number: '0004567',
      holder_name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
    },
    bankName: '群馬銀行',
    branchName: '前橋支店',
  } as const;

  it('shows exactly what will be registered, with the full number, before anything is sent', () => {
    const text = textOf(
      renderHtml(
        <ConfirmBankAccount
          confirmed={confirmed}
          request={{ isPending: false, isError: false, error: null }}
          onBack={() => {}}
          onSubmit={() => {}}
        />,
      ),
    );
    expect(text).toContain('この口座を登録しますか？');
    for (const shown of ['群馬銀行（0128）', '前橋支店（112）', '貯蓄', '0004567', 'ﾔﾏﾀﾞ ﾀﾛｳ', '戻る', '登録する']) {
      expect(text).toContain(shown);
    }
  });

  it('keeps a failure that is not about a field on the confirm step', () => {
    const text = textOf(
      renderHtml(
        <ConfirmBankAccount
          confirmed={confirmed}
          request={{ isPending: false, isError: true, error: new NetworkError() }}
          onBack={() => {}}
          onSubmit={() => {}}
        />,
      ),
    );
    expect(text).toContain('振込先口座を登録できませんでした');
  });
});
