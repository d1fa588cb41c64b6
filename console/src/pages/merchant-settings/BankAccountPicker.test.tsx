// @vitest-environment happy-dom
import type { ZenginSearchAnswer } from '@coin/contract';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { bankAccountKeys, loadSettingsBodySchemas } from '@/api/merchantSettings';
import {
  descriptionOf,
  fieldByLabel,
  formQueryClient,
  type Mounted,
  mount,
  submitWith,
  typeInto,
} from '@/components/formTesting';
import { TEST_MERCHANT } from '@/components/pageTesting';
import BankAccountPage from './BankAccountPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

beforeAll(async () => {
  await loadSettingsBodySchemas();
  // The page loads its form's chunk after its first render; loaded here, it is there when a test mounts.
  await import('./BankAccountForm');
});

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.mocked(api.call).mockReset();
});

const gunma = { code: '0128', name: '群馬銀行', kana: 'グンマ' };
const gunmaCredit = { code: '2146', name: '群馬県信用組合', kana: 'グンマケンシンクミ' };
const maebashi = { code: '112', name: '前橋支店', kana: 'マエバシ' };
const maebashiEast = { code: '105', name: '前橋東支店', kana: 'マエバシヒガシ' };

/** The server's answers to the searches; any other call fails the test. */
function answerSearches(banks: ZenginSearchAnswer, branches: ZenginSearchAnswer) {
  vi.mocked(api.call).mockImplementation(async (name) => {
    if (name === 'searchBanks') return banks;
    if (name === 'searchBranches') return branches;
    throw new Error(`unexpected call ${name}`);
  });
}

async function mountEmptyPage() {
  const client = formQueryClient();
  client.setQueryData(bankAccountKeys.detail(TEST_MERCHANT.merchant_id), { account: null });
  mounted = await mount(<BankAccountPage />, client);
  const { container } = mounted;
  // The form renders from its lazily loaded chunk (loaded in beforeAll): let React finish that render.
  await act(async () => {
    await import('./BankAccountForm');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await vi.waitFor(() => expect(container.querySelector('form')).not.toBeNull(), { timeout: 15_000 });
  return container;
}

const field = (container: HTMLElement, label: string) => fieldByLabel(container, label) as HTMLInputElement;
/** The options of the list the input controls (the list is in a portal, outside the form). */
const optionsOf = (input: HTMLInputElement) => {
  const listId = input.getAttribute('aria-controls');
  const list = listId ? document.getElementById(listId) : null;
  return [...(list?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
};
const optionTexts = (input: HTMLInputElement) => optionsOf(input).map((option) => option.textContent);

const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
/**
 * Lets the typing pause long enough for the search to start (200 ms), then its answer arrive, inside
 * act(): the query's client hands answers over on a later timer.
 */
async function settle() {
  await sleep(250);
  await sleep(20);
  await sleep(20);
}

async function press(input: HTMLInputElement, code: 'ArrowDown' | 'Enter' | 'Escape') {
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: code, code, bubbles: true }));
  });
}

describe('the bank and branch pickers', () => {
  it('find a bank and a branch by name and fill in their codes, by keyboard or by pointer', async () => {
    answerSearches({ entries: [gunma, gunmaCredit], more: false }, { entries: [maebashi, maebashiEast], more: false });
    const container = await mountEmptyPage();
    const bank = field(container, '金融機関');
    expect(bank.getAttribute('role')).toBe('combobox');
    expect(bank.getAttribute('aria-expanded')).toBe('false');

    await typeInto(bank, 'ぐんま');
    await settle();
    expect(optionTexts(bank)).toEqual(['群馬銀行（0128）', '群馬県信用組合（2146）']);
    expect(vi.mocked(api.call).mock.calls[0]?.[0]).toBe('searchBanks');
    expect(vi.mocked(api.call).mock.calls[0]?.[1]).toMatchObject({
      params: { id: TEST_MERCHANT.merchant_id },
      query: { q: 'ぐんま' },
    });
    expect(bank.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(bank.getAttribute('aria-controls') ?? '');
    expect(list?.getAttribute('role')).toBe('listbox');
    expect(list?.getAttribute('aria-labelledby')).toBe(`${bank.id}-label`);
    expect(container.querySelector('[role="status"]')?.textContent).toContain('候補が2件あります');

    // Arrow down to the first option, Enter to choose it.
    await press(bank, 'ArrowDown');
    expect(bank.getAttribute('aria-activedescendant')).toBe(optionsOf(bank)[0]?.id);
    await press(bank, 'Enter');
    expect(bank.value).toBe('0128');
    expect(bank.getAttribute('aria-expanded')).toBe('false');
    // The name of the chosen entry shows at once, without a look-up.
    expect(descriptionOf(bank)).toContain('群馬銀行');

    const branch = field(container, '支店');
    await typeInto(branch, 'まえばし');
    await settle();
    expect(optionTexts(branch)).toEqual(['前橋支店（112）', '前橋東支店（105）']);
    expect(vi.mocked(api.call).mock.calls.at(-1)?.[1]).toMatchObject({
      params: { id: TEST_MERCHANT.merchant_id, bank_code: '0128' },
      query: { q: 'まえばし' },
    });
    await act(async () => {
      optionsOf(branch)[0]?.click();
    });
    expect(branch.value).toBe('112');
    expect(descriptionOf(branch)).toContain('前橋支店');

    await typeInto(field(container, '口座番号'), '1234567');
    await typeInto(field(container, '口座名義（カナ）'), 'ﾔﾏﾀﾞ ﾀﾛｳ');
    await submitWith(container, '確認へ進む');
    await vi.waitFor(() => expect(container.textContent).toContain('この口座を登録しますか？'));
    expect(container.textContent).toContain('群馬銀行（0128）');
    expect(container.textContent).toContain('前橋支店（112）');
    // No look-up was needed: the searches named the codes chosen.
    expect(vi.mocked(api.call).mock.calls.map(([name]) => name)).toEqual(['searchBanks', 'searchBranches']);
  });

  it('say when more entries match than are shown, and close on Escape', async () => {
    answerSearches({ entries: [gunma, gunmaCredit], more: true }, { entries: [], more: false });
    const container = await mountEmptyPage();
    const bank = field(container, '金融機関');
    await typeInto(bank, '01');
    await settle();
    expect(optionsOf(bank)).toHaveLength(2);
    expect(document.body.textContent).toContain('候補が多いため先頭の2件を表示しています');
    await press(bank, 'Escape');
    expect(bank.getAttribute('aria-expanded')).toBe('false');
    // The digits typed stay: they are the start of a code.
    expect(bank.value).toBe('01');
  });

  it('search branches only under a bank found, and say so', async () => {
    answerSearches({ entries: [], more: false }, { entries: [maebashi], more: false });
    const container = await mountEmptyPage();
    const branch = field(container, '支店');
    await typeInto(branch, 'まえばし');
    await settle();
    expect(document.body.textContent).toContain('先に金融機関を選んでください');
    expect(optionsOf(branch)).toEqual([]);
    expect(api.call).not.toHaveBeenCalled();
  });

  it('say when nothing matches, and refuse a name typed but not chosen', async () => {
    answerSearches({ entries: [], more: false }, { entries: [], more: false });
    const container = await mountEmptyPage();
    const bank = field(container, '金融機関');
    await typeInto(bank, 'ぐんまぎんこうx');
    await settle();
    expect(document.body.textContent).toContain('該当する金融機関がありません');
    await submitWith(container, '確認へ進む');
    await vi.waitFor(() => expect(document.activeElement).toBe(bank));
    expect(bank.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(bank)).toContain('一覧から金融機関を選ぶか、4桁の金融機関コードを入力してください');
  });

  it('take a code typed in full as the code fields did, without searching', async () => {
    answerSearches({ entries: [], more: false }, { entries: [], more: false });
    const container = await mountEmptyPage();
    const bank = field(container, '金融機関');
    vi.mocked(api.call).mockImplementation(async (name) => {
      if (name === 'lookupBank') return gunma;
      throw new Error(`unexpected call ${name}`);
    });
    await typeInto(bank, '０１２８');
    expect(bank.value).toBe('0128');
    await settle();
    expect(descriptionOf(bank)).toContain('群馬銀行');
    expect(bank.getAttribute('aria-expanded')).toBe('false');
    expect(vi.mocked(api.call).mock.calls.map(([name]) => name)).toEqual(['lookupBank']);
  });
});
