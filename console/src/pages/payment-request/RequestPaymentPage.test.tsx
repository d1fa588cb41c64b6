// @vitest-environment happy-dom
import type { PaymentFee, PaymentRate } from '@coin/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { merchantPaymentKeys } from '@/api/payments';
import { walletKeys } from '@/api/wallets';
import {
  descriptionOf,
  factOf,
  fieldByLabel,
  formQueryClient,
  mount,
  submitWith,
  typeInto,
} from '@/components/formTesting';
import RequestPaymentPage from './RequestPaymentPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));
// Only the form is under test. The sent payments beside it are a list of their own (router search, period
// filter): they need a router, and their chunk loading mid-test crashed a test under load.
vi.mock('./SentPayments', () => ({ default: () => null }));

const WALLET_NO = '1234567890';
const STANDARD: PaymentRate = { type: 'STANDARD', label: '通常', rate_bp: 100, group_only: false };

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

/** The page with one payee, one transferable coin (5,000) and the rates given; `fee` answers the fee preview. */
async function mountPage(rates: PaymentRate[] = [STANDARD], fee?: PaymentFee) {
  vi.mocked(api.call).mockImplementation(((id: string) =>
    id === 'getPaymentFee' && fee ? Promise.resolve(fee) : new Promise(() => {})) as typeof api.call);
  const client = formQueryClient();
  client.setQueryData(merchantPaymentKeys.payees(), {
    items: [{ merchant_id: 8, name: 'めぶくカフェ 駅前店', wallet_no: '2000000008', merchant_group_id: null }],
  });
  client.setQueryData(merchantPaymentKeys.rates(), { items: rates });
  client.setQueryData(walletKeys.detail(WALLET_NO), {
    wallet_no: WALLET_NO,
    balances: [{ id: 1, name: 'めぶくコイン', amount: 5000, transferable: 1, refundable: 1 }],
  });
  await mount(<RequestPaymentPage />, client);
}

const feeCalls = () => vi.mocked(api.call).mock.calls.filter(([id]) => id === 'getPaymentFee');

describe('RequestPaymentPage form', () => {
  it('focuses the first invalid field after a failed submit, every problem said', async () => {
    await mountPage();
    await submitWith('確認する');
    const payee = fieldByLabel('支払先');
    await waitFor(() => expect(document.activeElement).toBe(payee));
    expect(payee.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(payee)).toContain('支払先を選択してください');
    expect(descriptionOf(fieldByLabel('支払金額'))).toContain('支払金額を入力してください');
    expect(feeCalls()).toEqual([]);
  });

  it('takes a full-width amount, shows it parsed, and says when amount and fee exceed the balance', async () => {
    const fee: PaymentFee = {
      to_merchant_id: 8,
      to_merchant_name: 'めぶくカフェ 駅前店',
      to_wallet_no: '2000000008',
      type: 'STANDARD',
      rate_label: '通常',
      rate_bp: 100,
      amount: 5000,
      fee: 50,
      total: 5050,
    };
    await mountPage([STANDARD], fee);
    await typeInto(fieldByLabel('支払先'), '8');
    const amount = fieldByLabel('支払金額') as HTMLInputElement;
    await typeInto(amount, '５，０００円');
    expect(amount.value).toBe('5,000');
    await submitWith('確認する');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).toContain('手数料を含めた合計（5,050）が残高（5,000）を超えています');
    expect(feeCalls()[0]?.[1]).toMatchObject({ query: { to_merchant_id: 8, amount: 5000, type: 'STANDARD' } });
    expect(screen.queryByRole('heading', { name: '支払内容の確認' })).toBeNull();
  });

  it('tells payees of one name apart by wallet number, in the picker and on the confirm step', async () => {
    const fee: PaymentFee = {
      to_merchant_id: 8,
      to_merchant_name: 'めぶくカフェ 駅前店',
      to_wallet_no: '2000000008',
      type: 'STANDARD',
      rate_label: '通常',
      rate_bp: 100,
      amount: 1000,
      fee: 10,
      total: 1010,
    };
    await mountPage([STANDARD], fee);
    const payee = fieldByLabel<HTMLSelectElement>('支払先');
    expect(
      within(payee).getByRole('option', { name: 'めぶくカフェ 駅前店（ウォレット番号 2000000008）' }),
    ).toBeTruthy();
    await typeInto(payee, '8');
    await typeInto(fieldByLabel('支払金額'), '1000');
    await submitWith('確認する');
    await screen.findByRole('heading', { name: '支払内容の確認' });
    expect(factOf('支払先のウォレット番号')).toBe('2000000008');
  });

  it("checks the request with the contract's schema: a rate type it refuses is not sent", async () => {
    // The contract takes rate types of up to 20 characters; the console's own check does not count them.
    const odd: PaymentRate = { ...STANDARD, type: 'X'.repeat(21) };
    await mountPage([odd]);
    await typeInto(fieldByLabel('支払先'), '8');
    await typeInto(fieldByLabel('支払金額'), '1000');
    await submitWith('確認する');
    const [radio] = screen.getAllByRole('radio');
    await waitFor(() => expect(document.activeElement).toBe(radio));
    // The contract's own words for it.
    expect(screen.getByText('区分を選択してください')).toBeTruthy();
    expect(feeCalls()).toEqual([]);
  });
});
