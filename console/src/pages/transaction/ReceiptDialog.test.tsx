// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { pdfResponse } from '@/components/downloadTesting';
import {
  descriptionOf,
  fieldByLabel,
  mount,
  settleDialogFocus,
  submitWith,
  typeInto,
  user,
} from '@/components/formTesting';
import ReceiptDialog from './ReceiptDialog';

const { open, saveFile } = vi.hoisted(() => ({ open: vi.fn(), saveFile: vi.fn() }));
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open } }));
vi.mock('@/api/download', async (original) => ({ ...(await original<typeof import('@/api/download')>()), saveFile }));

const PAYMENT = { transactionId: 4812, amount: 3000, coinName: 'めぶくコイン' };

beforeEach(() => {
  open.mockReset();
  saveFile.mockReset();
});
const noteField = () => fieldByLabel('但し書き');
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
/** Whether the page shows `text` (in an element's own text, whole or in part). */
const shows = (text: string) => screen.queryAllByText(text, { exact: false }).length > 0;

async function opened() {
  await mount(<ReceiptDialog merchantId={7} payment={PAYMENT} onClose={() => {}} />);
  await settleDialogFocus();
}

describe("a payment's receipt dialog", () => {
  it('starts with お品代として at 10%, names the payment and says a second issue is marked 再発行', async () => {
    await opened();
    expect(noteField().value).toBe('お品代として');
    expect(noteField().required).toBe(true);
    expect(radio('10%').checked).toBe(true);
    expect(radio('8%（軽減税率）').checked).toBe(false);
    expect(shows('取引ID 4812・3,000 めぶくコイン')).toBe(true);
    expect(shows('2回目以降に発行すると、「再発行」と印字されます')).toBe(true);
    expect(shows('6 / 40文字')).toBe(true);
  });

  it('refuses an empty or too long 但し書き before sending, in the contract’s words, and focuses it', async () => {
    await opened();
    await typeInto(noteField(), '   ');
    await submitWith('発行');
    await waitFor(() => expect(descriptionOf(noteField())).toContain('但し書きを入力してください'));
    expect(document.activeElement).toBe(noteField());
    await typeInto(noteField(), 'あ'.repeat(41));
    expect(shows('41 / 40文字')).toBe(true);
    await submitWith('発行');
    await waitFor(() => expect(descriptionOf(noteField())).toContain('但し書きは40文字以内で入力してください'));
    expect(open).not.toHaveBeenCalled();
  });

  it('issues with the 但し書き and the rate chosen and saves the PDF under the server’s name', async () => {
    open.mockResolvedValue(pdfResponse('領収書_R-000012.pdf'));
    await opened();
    await typeInto(noteField(), ' お食事代として ');
    await user().click(radio('8%（軽減税率）'));
    expect(radio('8%（軽減税率）').checked).toBe(true);
    await submitWith('発行');
    await screen.findByText('領収書を発行しました（領収書_R-000012.pdf）', { exact: false });
    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]?.[0]).toBe('issueReceipt');
    expect(open.mock.calls[0]?.[1]).toMatchObject({
      params: { id: 7, transaction_id: 4812 },
      body: { note: 'お食事代として', tax_rate: 8 },
    });
    expect(saveFile.mock.calls[0]?.[0].fileName).toBe('領収書_R-000012.pdf');
  });

  it("shows the server's reason when the receipt is refused, and keeps what was typed", async () => {
    open.mockRejectedValue(
      new ApiError(409, { type: 'conflict', message: '領収書は、このお店が受け取ったお支払いにだけ発行できます' }),
    );
    await opened();
    await typeInto(noteField(), 'お花代として');
    await submitWith('発行');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('領収書は、このお店が受け取ったお支払いにだけ発行できます');
    expect(alert.textContent).toContain('領収書を発行できませんでした');
    expect(noteField().value).toBe('お花代として');
    expect(saveFile).not.toHaveBeenCalled();
  });
});
