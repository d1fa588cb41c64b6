// @vitest-environment happy-dom
import type { BankAccount } from '@coin/contract';
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/api/errors';
import { bankAccountKeys, zenginKeys } from '@/api/merchantSettings';
import { descriptionOf, factOf, fieldByLabel } from '@/components/formTesting';
import { seedError, showFirstRender, TEST_MERCHANT, testQueryClient } from '@/components/pageTesting';
import { BankAccountForm } from './BankAccountForm';
import BankAccountPage from './BankAccountPage';
import { type BankAccountValues, bankAccountValuesOf } from './bankAccountForm';
import { ConfirmBankAccount } from './ConfirmBankAccount';
import { RegisteredAccount } from './RegisteredAccount';

// The app's client and session need a browser: the page reads its data from the cache the test fills.
// Each test reads a first render (showFirstRender): what the page shows before its effects and calls.
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

const showForm = (values: Partial<BankAccountValues>, client = testQueryClient(), problems = {}) =>
  showFirstRender(
    <BankAccountForm
      merchantId={TEST_MERCHANT.merchant_id}
      changing={false}
      draft={{ values: { ...emptyValues, ...values }, problems }}
      onConfirm={() => {}}
    />,
    client,
  );

/** Whether the page shows `text` (in an element's own text, whole or in part). */
const shows = (page: HTMLElement, text: string) => within(page).queryAllByText(text, { exact: false }).length > 0;
/** The value the field labelled `label` holds. */
const fieldValue = (page: HTMLElement, label: string) => fieldByLabel(label, page).value;
const busy = (page: HTMLElement) => within(page).getByRole('status').getAttribute('aria-busy');

describe('BankAccountPage', () => {
  it('shows a loading state until the account arrives', () => {
    const page = showFirstRender(<BankAccountPage />);
    expect(busy(page)).toBe('true');
    expect(within(page).queryByRole('form')).toBeNull();
  });

  it('shows the failure with a retry button', async () => {
    const client = testQueryClient();
    await seedError(client, bankAccountKeys.detail(TEST_MERCHANT.merchant_id), new NetworkError());
    const page = showFirstRender(<BankAccountPage />, client);
    expect(within(page).getByRole('alert').textContent).toContain('振込先口座を読み込めませんでした');
    expect(within(page).getByRole('button', { name: '再試行' })).toBeTruthy();
  });

  it('says when no account is registered, and offers an empty form once its chunk has loaded', async () => {
    const client = testQueryClient();
    client.setQueryData(bankAccountKeys.detail(TEST_MERCHANT.merchant_id), { account: null });
    const first = showFirstRender(<BankAccountPage />, client);
    expect(shows(first, '振込先口座が登録されていません')).toBe(true);
    expect(within(first).queryByRole('form')).toBeNull();
    expect(busy(first)).toBe('true');
    first.remove();
    // The form's chunk, as the page asks for it after its first render, and a turn for it to be noted.
    await import('./BankAccountForm');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const page = showFirstRender(<BankAccountPage />, client);
    expect(shows(page, '振込先口座が登録されていません')).toBe(true);
    expect(within(page).getByRole('form', { name: '振込先口座を登録' })).toBeTruthy();
    expect(fieldValue(page, '金融機関')).toBe('');
  });

  it('shows the registered account masked, and opens the form to change it only on request', () => {
    const client = testQueryClient();
    client.setQueryData(bankAccountKeys.detail(TEST_MERCHANT.merchant_id), { account });
    const page = showFirstRender(<BankAccountPage />, client);
    const registered = within(page).getByRole('table', { name: '登録中の振込先口座' });
    expect(factOf('金融機関', registered)).toBe('群馬銀行（0128）');
    expect(factOf('支店', registered)).toBe('前橋支店（112）');
    expect(factOf('口座種別', registered)).toBe('普通');
    expect(factOf('口座番号', registered)).toBe('****4567');
    expect(factOf('口座名義（カナ）', registered)).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');
    expect(within(page).getByRole('button', { name: '口座を変更する' })).toBeTruthy();
    expect(within(page).queryByRole('form')).toBeNull();
  });

  it('starts a change from the registered account, the number to be typed again', () => {
    const client = testQueryClient();
    client.setQueryData(zenginKeys.bank('0128'), gunma);
    client.setQueryData(zenginKeys.branch('0128', '112'), maebashi);
    const form = showForm(bankAccountValuesOf(account), client);
    expect(fieldValue(form, '金融機関')).toBe('0128');
    expect(fieldValue(form, '支店')).toBe('112');
    expect(fieldValue(form, '口座番号')).toBe('');
    expect(fieldValue(form, '口座名義（カナ）')).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');
  });

  it('shows what was saved masked, as the server answers it', () => {
    const page = showFirstRender(<RegisteredAccount account={{ ...account, number_masked: '****0001' }} />);
    expect(factOf('口座番号', within(page).getByRole('table'))).toBe('****0001');
    expect(page.textContent).not.toContain('1234567');
  });
});

describe('the Zengin look-ups as the codes are typed', () => {
  it('shows the bank and branch names found for complete codes', () => {
    const client = testQueryClient();
    client.setQueryData(zenginKeys.bank('0128'), gunma);
    client.setQueryData(zenginKeys.branch('0128', '112'), maebashi);
    const form = showForm({ bankCode: '0128', branchCode: '112' }, client);
    expect(descriptionOf(fieldByLabel('金融機関', form))).toContain('群馬銀行');
    expect(descriptionOf(fieldByLabel('支店', form))).toContain('前橋支店');
    expect(shows(form, '該当する')).toBe(false);
  });

  it('says when the list has no such bank, and does not look the branch up under it', async () => {
    const client = testQueryClient();
    await seedError(client, zenginKeys.bank('9998'), notFound);
    const form = showForm({ bankCode: '9998', branchCode: '112' }, client);
    expect(descriptionOf(fieldByLabel('金融機関', form))).toContain('該当する金融機関がありません');
    expect(shows(form, '該当する支店')).toBe(false);
    expect(shows(form, '照会しています…')).toBe(false);
  });

  it('says when the bank has no such branch', async () => {
    const client = testQueryClient();
    client.setQueryData(zenginKeys.bank('0128'), gunma);
    await seedError(client, zenginKeys.branch('0128', '999'), notFound);
    const form = showForm({ bankCode: '0128', branchCode: '999' }, client);
    expect(descriptionOf(fieldByLabel('金融機関', form))).toContain('群馬銀行');
    expect(descriptionOf(fieldByLabel('支店', form))).toContain('この金融機関に該当する支店がありません');
  });

  it('shows that a complete code is being looked up, and an incomplete one is not', () => {
    const looking = showForm({ bankCode: '0128' });
    expect(descriptionOf(fieldByLabel('金融機関', looking))).toContain('照会しています…');
    // (The next form's ids are the same: the first one leaves the page.)
    looking.remove();
    const form = showForm({ bankCode: '012' });
    const bank = fieldByLabel('金融機関', form);
    expect(descriptionOf(bank)).not.toContain('照会しています…');
    expect(descriptionOf(bank)).toContain('4桁の金融機関コードを入力し、一覧から選んでください');
  });
});

describe('the form', () => {
  it('shows a refused field (400) on that field', () => {
    const form = showForm({ accountNumber: '12345678' }, testQueryClient(), {
      accountNumber: '口座番号は7桁以内の数字で入力してください',
    });
    const number = fieldByLabel('口座番号', form);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(number.value).toBe('12345678');
    expect(descriptionOf(number)).toContain('口座番号は7桁以内の数字で入力してください');
  });

  it('shows the holder name problems as typed', () => {
    const holder = fieldByLabel('口座名義（カナ）', showForm({ holderName: 'ﾔﾏﾀﾞ★' }));
    expect(descriptionOf(holder)).toContain('口座名義に使えない文字が含まれています（★）');
    expect(descriptionOf(holder)).toContain('（5／30文字）');
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
    const page = showFirstRender(
      <ConfirmBankAccount
        confirmed={confirmed}
        request={{ isPending: false, isError: false, error: null }}
        onBack={() => {}}
        onSubmit={() => {}}
      />,
    );
    const facts = within(page).getByRole('table', { name: 'この口座を登録しますか？' });
    expect(factOf('金融機関', facts)).toBe('群馬銀行（0128）');
    expect(factOf('支店', facts)).toBe('前橋支店（112）');
    expect(factOf('口座種別', facts)).toBe('貯蓄');
    expect(factOf('口座番号', facts)).toBe('0004567');
    expect(factOf('口座名義（カナ）', facts)).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');
    for (const name of ['戻る', '登録する']) expect(within(page).getByRole('button', { name })).toBeTruthy();
  });

  it('keeps a failure that is not about a field on the confirm step', () => {
    const page = showFirstRender(
      <ConfirmBankAccount
        confirmed={confirmed}
        request={{ isPending: false, isError: true, error: new NetworkError() }}
        onBack={() => {}}
        onSubmit={() => {}}
      />,
    );
    expect(within(page).getByRole('alert').textContent).toContain('振込先口座を登録できませんでした');
  });
});
