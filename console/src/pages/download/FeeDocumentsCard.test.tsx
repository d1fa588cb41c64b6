// @vitest-environment happy-dom
import type { FeeInvoice } from '@coin/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { monthsBefore } from '@/api/feeInvoiceState';
import { pdfResponse } from '@/components/downloadTesting';
import { fieldByLabel, mount, submitWith, typeInto } from '@/components/formTesting';
import { formatMonth, tokyoMonth } from '@/format';
import { FeeDocumentsCard } from './FeeDocumentsCard';

const { call, open, saveFile, show } = vi.hoisted(() => ({
  call: vi.fn(),
  open: vi.fn(),
  saveFile: vi.fn(),
  show: vi.fn(),
}));
vi.mock('@/api/instance', () => ({ api: { call, open } }));
// A row's download tells its outcome in a notification.
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
vi.mock('@/api/download', async (original) => ({ ...(await original<typeof import('@/api/download')>()), saveFile }));

const MERCHANT = 7;
// Months from today's: the test holds on any day.
const CURRENT = tokyoMonth();
const [LAST = '', BEFORE = '', THIRD = ''] = monthsBefore(CURRENT, 3);

const invoice = (overrides: Partial<FeeInvoice>): FeeInvoice => ({
  number: 'INV-000001',
  summarized_month: BEFORE,
  issued_at: '2026-01-05T01:00:00.000Z',
  amount: 13_568,
  tax: 1_356,
  total: 14_924,
  corrects_number: null,
  superseded: false,
  ...overrides,
});

const ISSUED = [
  invoice({ number: 'INV-000001', superseded: true }),
  invoice({ number: 'INV-000002', summarized_month: LAST, issued_at: '2026-02-03T01:00:00.000Z', total: 2_200 }),
  invoice({
    number: 'INV-000003',
    issued_at: '2026-02-10T01:00:00.000Z',
    corrects_number: 'INV-000001',
    total: 15_000,
  }),
];

beforeEach(() => {
  call.mockReset();
  open.mockReset();
  saveFile.mockReset();
  show.mockReset();
});
/** What each row of the invoices' table says (its body: the header row left out). */
const rows = () => {
  const table = screen.queryByRole('table');
  const body = table ? within(table).getAllByRole('rowgroup').at(-1) : undefined;
  return body
    ? within(body)
        .queryAllByRole('row')
        .map((row) => row.textContent ?? '')
    : [];
};
const press = (label: string) => submitWith(label);

describe('the report centre’s 請求書・明細書', () => {
  it('lists the invoices issued in the last twelve months, newest month first, with number, dates, total and 訂正', async () => {
    call.mockResolvedValue({ items: ISSUED });
    await mount(<FeeDocumentsCard merchantId={MERCHANT} />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(call).toHaveBeenCalledWith(
      'listFeeInvoices',
      expect.objectContaining({ params: { id: MERCHANT }, query: { target: CURRENT } }),
    );
    expect(screen.getByRole('heading', { name: '請求書・明細書' })).toBeTruthy();
    const [first, second, third] = rows();
    expect(first).toContain(`INV-000002${formatMonth(LAST)}2026/02/03￥2,200—`);
    expect(second).toContain(`INV-000003${formatMonth(BEFORE)}2026/02/10￥15,000訂正版（INV-000001 を訂正）`);
    expect(third).toContain(`INV-000001${formatMonth(BEFORE)}2026/01/05￥14,924訂正済み`);
  });

  it('downloads an issued invoice by its number', async () => {
    call.mockResolvedValue({ items: ISSUED });
    open.mockResolvedValue(pdfResponse('請求書_INV-000001.pdf'));
    await mount(<FeeDocumentsCard merchantId={MERCHANT} />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await press('PDF 請求書 INV-000001 をダウンロード');
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ color: 'teal', message: '請求書_INV-000001.pdf を保存しました' }),
    );
    expect(open).toHaveBeenCalledWith(
      'downloadDocument',
      expect.objectContaining({ params: { id: MERCHANT, number: 'INV-000001' } }),
    );
  });

  it('gets the chosen closed month’s invoice, then reads the list again (it may have issued one)', async () => {
    call.mockResolvedValueOnce({ items: [] }).mockResolvedValue({ items: [invoice({ summarized_month: THIRD })] });
    open.mockResolvedValue(pdfResponse(`請求書_${THIRD}_INV-000001.pdf`));
    await mount(<FeeDocumentsCard merchantId={MERCHANT} />);
    await screen.findByText('過去12か月に発行した請求書はありません', { exact: false });
    const month = fieldByLabel<HTMLSelectElement>('対象月');
    // Twelve closed months, last month first: never this month, whose fees are not closed.
    expect(
      within(month)
        .getAllByRole<HTMLOptionElement>('option')
        .map((option) => option.value),
    ).toEqual(monthsBefore(CURRENT, 12));
    await typeInto(month, THIRD);
    await press(`${formatMonth(THIRD)}の請求書（PDF）をダウンロード`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(open).toHaveBeenCalledWith(
      'downloadFeeInvoice',
      expect.objectContaining({ params: { id: MERCHANT, month: THIRD } }),
    );
    expect(screen.getByText(`請求書_${THIRD}_INV-000001.pdf を保存しました`, { exact: false })).toBeTruthy();
  });

  it("shows the server's reason when a month has no invoice, and a failed list with its retry", async () => {
    call.mockRejectedValue(new ApiError(500, { type: 'internal', message: 'internal error' }));
    open.mockRejectedValue(new ApiError(404, { type: 'not_found', message: 'この月の手数料はありません' }));
    await mount(<FeeDocumentsCard merchantId={MERCHANT} />);
    await screen.findByRole('button', { name: '再試行' });
    await press(`${formatMonth(LAST)}の請求書（PDF）をダウンロード`);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .map((alert) => alert.textContent)
          .join(),
      ).toContain('この月の手数料はありません'),
    );
    expect(saveFile).not.toHaveBeenCalled();
  });
});
