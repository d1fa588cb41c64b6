// @vitest-environment happy-dom
import type { FeeInvoice } from '@coin/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { documentKeys } from '@/api/documents';
import { ApiError } from '@/api/errors';
import { monthsBefore } from '@/api/feeInvoiceState';
import { pdfResponse } from '@/components/downloadTesting';
import { formQueryClient, mount, user } from '@/components/formTesting';
import { formatMonth, tokyoMonth } from '@/format';
import { FeeInvoiceCell, FeeInvoiceDownloads, FeeInvoicePart } from './FeeInvoiceDownloads';

const { call, open, saveFile, show } = vi.hoisted(() => ({
  call: vi.fn(),
  open: vi.fn(),
  saveFile: vi.fn(),
  show: vi.fn(),
}));
vi.mock('@/api/instance', () => ({ api: { call, open } }));
// The fees card's icon tells its outcome in a notification.
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
// The browser's save is not there in happy-dom: what would be saved is recorded instead.
vi.mock('@/api/download', async (original) => ({ ...(await original<typeof import('@/api/download')>()), saveFile }));

const MERCHANT = 7;
// Months from today's, so the test holds on any day: last month is closed, this one is not.
const CURRENT = tokyoMonth();
const [CLOSED = '', EARLIER = ''] = monthsBefore(CURRENT, 2);

const invoice = (overrides: Partial<FeeInvoice>): FeeInvoice => ({
  number: 'INV-000001',
  summarized_month: CLOSED,
  issued_at: '2026-01-05T01:00:00.000Z',
  amount: 13_568,
  tax: 1_356,
  total: 14_924,
  corrects_number: null,
  superseded: false,
  ...overrides,
});

/** A corrected month: the first invoice replaced by a later one naming it. */
const CORRECTED = [
  invoice({ number: 'INV-000001', superseded: true }),
  invoice({
    number: 'INV-000007',
    issued_at: '2026-01-20T01:00:00.000Z',
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
const buttonNamed = (name: string) => screen.queryByRole('button', { name });
/** Whether the page shows `text` (in an element's own text, whole or in part). */
const shows = (text: string) => screen.queryAllByText(text, { exact: false }).length > 0;
const click = async (button: HTMLElement | null) => {
  if (!button) throw new Error('no such button');
  await user().click(button);
};

describe("a month's fee invoice", () => {
  it('downloads from the fees card’s icon by its month and says in a notification under which name it was saved', async () => {
    open.mockResolvedValue(pdfResponse(`請求書_${CLOSED}_INV-000001.pdf`));
    await mount(<FeeInvoiceCell merchantId={MERCHANT} month={CLOSED} />);
    await click(buttonNamed(`${formatMonth(CLOSED)}の請求書（PDF）をダウンロード`));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', message: `請求書_${CLOSED}_INV-000001.pdf を保存しました` }),
      ),
    );
    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]?.[0]).toBe('downloadFeeInvoice');
    expect(open.mock.calls[0]?.[1]).toMatchObject({ params: { id: MERCHANT, month: CLOSED } });
    expect(saveFile).toHaveBeenCalledOnce();
    expect(saveFile.mock.calls[0]?.[0].fileName).toBe(`請求書_${CLOSED}_INV-000001.pdf`);
  });

  it("tells the fees card's failure in the server's words", async () => {
    open.mockRejectedValue(new ApiError(404, { type: 'not_found', message: 'この月の手数料はありません' }));
    await mount(<FeeInvoiceCell merchantId={MERCHANT} month={CLOSED} />);
    await click(buttonNamed(`${formatMonth(CLOSED)}の請求書（PDF）をダウンロード`));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        color: 'red',
        title: 'ダウンロードできませんでした',
        message: 'この月の手数料はありません',
      }),
    );
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('downloads the month’s invoice in the detail, saying under which name it was saved', async () => {
    open.mockResolvedValue(pdfResponse(`請求書_${CLOSED}_INV-000001.pdf`));
    await mount(<FeeInvoiceDownloads merchantId={MERCHANT} month={CLOSED} invoices={[]} />);
    expect(shows('訂正済み')).toBe(false);
    expect(buttonNamed('訂正前の請求書 INV-000001（PDF）をダウンロード')).toBeNull();
    await click(buttonNamed(`${formatMonth(CLOSED)}の請求書（PDF）をダウンロード`));
    await waitFor(() => expect(shows(`請求書_${CLOSED}_INV-000001.pdf を保存しました`)).toBe(true));
    expect(open.mock.calls[0]?.[1]).toMatchObject({ params: { id: MERCHANT, month: CLOSED } });
  });

  it('says 訂正済み for a corrected month and gives the original by its number', async () => {
    open.mockResolvedValue(pdfResponse('請求書_INV-000001.pdf'));
    await mount(<FeeInvoiceDownloads merchantId={MERCHANT} month={CLOSED} invoices={CORRECTED} />);
    expect(shows('訂正済み')).toBe(true);
    expect(shows('訂正前の請求書（INV-000001）も取り出せます')).toBe(true);
    await click(buttonNamed('訂正前の請求書 INV-000001（PDF）をダウンロード'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());
    expect(open.mock.calls[0]?.[0]).toBe('downloadDocument');
    expect(open.mock.calls[0]?.[1]).toMatchObject({ params: { id: MERCHANT, number: 'INV-000001' } });
  });

  it('keeps a correction to its own month', async () => {
    await mount(<FeeInvoiceDownloads merchantId={MERCHANT} month={EARLIER} invoices={CORRECTED} />);
    expect(shows('訂正済み')).toBe(false);
    expect(buttonNamed('訂正前の請求書 INV-000001（PDF）をダウンロード')).toBeNull();
    expect(buttonNamed(`${formatMonth(EARLIER)}の請求書（PDF）をダウンロード`)).not.toBeNull();
  });

  it('offers no invoice for the month not closed yet, and says when it comes', async () => {
    await mount(
      <>
        <FeeInvoiceCell merchantId={MERCHANT} month={CURRENT} />
        <FeeInvoiceDownloads merchantId={MERCHANT} month={CURRENT} invoices={[]} />
      </>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(shows('締め前')).toBe(true);
    expect(shows('請求書は月が締まった翌月1日から発行できます')).toBe(true);
  });

  it("shows the server's reason in the detail when the invoice cannot be had", async () => {
    open.mockRejectedValue(new ApiError(409, { type: 'conflict', message: 'この月の手数料はまだ締まっていません' }));
    await mount(<FeeInvoiceDownloads merchantId={MERCHANT} month={CLOSED} invoices={[]} />);
    await click(buttonNamed(`${formatMonth(CLOSED)}の請求書（PDF）をダウンロード`));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('この月の手数料はまだ締まっていません');
    expect(alert.textContent).toContain('ダウンロードできませんでした');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('reads the issued invoices again after a download: a month corrected by it then says 訂正済み', async () => {
    const client = formQueryClient();
    client.setQueryData(documentKeys.feeInvoices(MERCHANT, CURRENT), { items: [invoice({})] });
    call.mockResolvedValue({ items: CORRECTED });
    open.mockResolvedValue(pdfResponse('請求書_INV-000007.pdf'));
    await mount(<FeeInvoicePart merchantId={MERCHANT} month={CLOSED} />, client);
    expect(shows('訂正済み')).toBe(false);
    await click(buttonNamed(`${formatMonth(CLOSED)}の請求書（PDF）をダウンロード`));
    await waitFor(() => expect(shows('訂正済み')).toBe(true));
    expect(call).toHaveBeenCalledWith('listFeeInvoices', expect.objectContaining({ query: { target: CURRENT } }));
    expect(shows('訂正前の請求書（INV-000001）も取り出せます')).toBe(true);
  });
});
