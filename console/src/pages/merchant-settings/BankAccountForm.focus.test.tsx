// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { bankAccountKeys, loadSettingsBodySchemas, zenginKeys } from '@/api/merchantSettings';
import {
  descriptionOf,
  factOf,
  fieldByLabel,
  formQueryClient,
  labelled,
  mount,
  submitWith,
  typeInto,
} from '@/components/formTesting';
import { TEST_MERCHANT } from '@/components/pageTesting';
import BankAccountPage from './BankAccountPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

// The schemas module loads once here, not inside the first submit a test waits on.
beforeAll(async () => {
  await loadSettingsBodySchemas();
  // The page loads its form's chunk after its first render; loaded here, it is there when a test mounts.
  await import('./BankAccountForm');
});

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

/** The page with no account registered, the Zengin names of 0128 / 112 already looked up. */
async function mountEmptyPage() {
  const client = formQueryClient();
  client.setQueryData(bankAccountKeys.detail(TEST_MERCHANT.merchant_id), { account: null });
  client.setQueryData(zenginKeys.bank('0128'), { code: '0128', name: '群馬銀行', kana: 'ｸﾞﾝﾏ' });
  client.setQueryData(zenginKeys.branch('0128', '112'), { code: '112', name: '前橋支店', kana: 'ﾏｴﾊﾞｼ' });
  await mount(<BankAccountPage />, client);
  // The form renders from its lazily loaded chunk (loaded in beforeAll): the page shows it after a turn.
  await screen.findByLabelText(labelled('金融機関'), { selector: 'input' }, { timeout: 15_000 });
}

const field = (label: string) => fieldByLabel(label);
const CONFIRM_TITLE = 'この口座を登録しますか？';

/** Fills the form as a user with a Japanese keyboard would: full-width digits, the name in hiragana. */
async function fillInFullWidth() {
  await typeInto(field('金融機関'), '０１２８');
  await typeInto(field('支店'), '１１２');
  await typeInto(field('口座番号'), '１２３４５６７');
  await typeInto(field('口座名義（カナ）'), 'やまだ　たろう');
}

describe('BankAccountPage form', () => {
  it("focuses the first field the contract's schema refuses, with its message, and sends nothing", async () => {
    await mountEmptyPage();
    const bankCode = field('金融機関');
    await typeInto(bankCode, '０１２８');
    expect(bankCode.value).toBe('0128');
    await typeInto(field('口座番号'), '１２３４５６７８');
    const number = field('口座番号');
    expect(number.value).toBe('12345678');
    await submitWith('確認へ進む');

    const branchCode = field('支店');
    await waitFor(() => expect(document.activeElement).toBe(branchCode));
    expect(branchCode.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(branchCode)).toContain('支店コードは3桁の数字で入力してください');
    expect(descriptionOf(number)).toContain('口座番号は7桁以内の数字で入力してください');
    expect(descriptionOf(field('口座名義（カナ）'))).toContain('口座名義（カナ）を入力してください');
    expect(bankCode.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByRole('heading', { name: CONFIRM_TITLE })).toBeNull();

    // Typing into a field takes its message away.
    await typeInto(branchCode, '１１２');
    expect(branchCode.getAttribute('aria-invalid')).not.toBe('true');
    expect(descriptionOf(branchCode)).toContain('前橋支店');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('goes to the confirm step with what was typed converted, and back with it kept', async () => {
    await mountEmptyPage();
    await fillInFullWidth();
    await submitWith('確認へ進む');
    const facts = await screen.findByRole('table', { name: CONFIRM_TITLE });
    expect(factOf('金融機関', facts)).toBe('群馬銀行（0128）');
    expect(factOf('支店', facts)).toBe('前橋支店（112）');
    expect(factOf('口座番号', facts)).toBe('1234567');
    expect(factOf('口座名義（カナ）', facts)).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');

    await submitWith('戻る');
    const heading = await screen.findByRole('heading', { level: 2, name: '振込先口座を登録' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(field('支店').value).toBe('112');
    expect(field('口座番号').value).toBe('1234567');
    expect(field('口座名義（カナ）').value).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');
  });

  it('brings a field the server refuses back to the form, focused with its message', async () => {
    const refusal = new ApiError(400, {
      type: 'invalid_request',
      field: 'account_number',
      message: 'この口座番号は登録できません',
    });
    // The registration is refused; the account refetched after it is still none.
    vi.mocked(api.call).mockImplementation(async (name) => {
      if (name === 'putBankAccount') throw refusal;
      if (name === 'getBankAccount') return { account: null };
      throw new Error(`unexpected call ${name}`);
    });
    await mountEmptyPage();
    await fillInFullWidth();
    await submitWith('確認へ進む');
    await screen.findByRole('heading', { name: CONFIRM_TITLE });
    await submitWith('登録する');

    await waitFor(() => expect(document.activeElement).toBe(field('口座番号')));
    const number = field('口座番号');
    expect(number.value).toBe('1234567');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(number)).toContain('この口座番号は登録できません');
    expect(vi.mocked(api.call).mock.calls.map(([name]) => name)).toContain('putBankAccount');
  });
});
