// @vitest-environment happy-dom
import type { Payout } from '@coin/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { pdfResponse } from '@/components/downloadTesting';
import { mount, submitWith } from '@/components/formTesting';
import { t } from '@/i18n';
import { payoutColumns } from './payoutColumns';
import { GroupStatementDownload } from './WithdrawalInfoMerchantPage';

const { open, saveFile, show } = vi.hoisted(() => ({ open: vi.fn(), saveFile: vi.fn(), show: vi.fn() }));
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open } }));
// A row's download tells its outcome in a notification.
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
vi.mock('@/api/download', async (original) => ({ ...(await original<typeof import('@/api/download')>()), saveFile }));

const PAYOUT: Payout = {
  id: 42,
  merchant_id: 7,
  merchant_name: 'めぶく商店',
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  payout_date: '2026-11-10',
  coin_name: 'めぶくコイン',
  gross_amount: 120_000,
  fee: 2_400,
  transfer_fee: 0,
  net_amount: 117_600,
  account: null,
  status: 'PAID',
  failure_reason: null,
  transaction_id: 900,
  posted_at: '2026-11-09T15:00:00.000Z',
};

beforeEach(() => {
  open.mockReset();
  saveFile.mockReset();
  show.mockReset();
});
const press = (label: string) => submitWith(label);

describe('payout statements', () => {
  it("give each of the merchant's payouts its statement (PDF), asked for by the payout's id", async () => {
    const statement = payoutColumns(t, { merchant: false, transaction: true, statementOf: 7 }).find(
      (column) => column.key === 'statement',
    );
    expect(statement?.header).toBe('明細書');
    open.mockResolvedValue(pdfResponse('支払明細書_2026-11-10_DOC-P-00000042.pdf'));
    await mount(<div>{statement?.render(PAYOUT)}</div>);
    // The button's tooltip says what its name says.
    expect(screen.getByRole('button', { name: '2026/11/10 の支払明細書（PDF）をダウンロード' }).title).toBe(
      '2026/11/10 の支払明細書（PDF）をダウンロード',
    );
    await press('2026/11/10 の支払明細書（PDF）をダウンロード');
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());
    expect(open).toHaveBeenCalledWith(
      'downloadPayoutStatement',
      expect.objectContaining({ params: { id: 7, payout_id: 42 } }),
    );
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        color: 'teal',
        message: '支払明細書_2026-11-10_DOC-P-00000042.pdf を保存しました',
      }),
    );
  });

  it("leave the group's list without a per-payout statement (the group has one for the period)", () => {
    const keys = payoutColumns(t, { merchant: true, transaction: false }).map((column) => column.key);
    expect(keys).not.toContain('statement');
  });

  it("give a group parent one statement of the page's period", async () => {
    open.mockResolvedValue(pdfResponse('支払明細書_グループ_2026-10-01_2026-10-31.pdf'));
    await mount(<GroupStatementDownload merchantId={3} from="2026-10-01" to="2026-10-31" />);
    expect(
      screen.getByRole('button', { name: '2026/10/01〜2026/10/31 のグループの支払明細書（PDF）をダウンロード' })
        .textContent,
    ).toContain('明細書（PDF）');
    await press('2026/10/01〜2026/10/31 のグループの支払明細書（PDF）をダウンロード');
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());
    // Not a row: its outcome is shown under it.
    await screen.findByText('支払明細書_グループ_2026-10-01_2026-10-31.pdf を保存しました', { exact: false });
    expect(show).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith(
      'downloadGroupPayoutStatement',
      expect.objectContaining({ params: { id: 3 }, query: { start_date: '2026-10-01', end_date: '2026-10-31' } }),
    );
  });

  it("say why a statement could not be had, in the server's words", async () => {
    open.mockRejectedValue(new ApiError(404, { type: 'not_found', message: '支払いが見つかりません' }));
    const statement = payoutColumns(t, { merchant: false, transaction: true, statementOf: 7 }).at(-1);
    await mount(<div>{statement?.render(PAYOUT)}</div>);
    await press('2026/11/10 の支払明細書（PDF）をダウンロード');
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        color: 'red',
        title: 'ダウンロードできませんでした',
        message: '支払いが見つかりません',
      }),
    );
    expect(saveFile).not.toHaveBeenCalled();
  });
});
