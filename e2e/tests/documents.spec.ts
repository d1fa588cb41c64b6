import { readFile } from 'node:fs/promises';
import { tokyoMonth } from '@coin/contract';
import type { Download, Page } from '@playwright/test';
// pdf.js without a canvas, as the server's tests read their PDFs (server/src/testing/pdfText.ts).
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures';
import { ACCOUNTS, demoYear, lastDays, MERCHANTS, signInToTop, tokyoDayFrom } from './support';

/** Issue 26: the papers — a fee invoice, a payout statement and a receipt with its reissue — downloaded as PDF. */

/** YYYYMM `back` months before this Tokyo month, and as the console writes it (2026年10月). */
function monthBack(back: number): { month: string; label: string } {
  const current = tokyoMonth(new Date());
  const total = Number(current.slice(0, 4)) * 12 + Number(current.slice(4, 6)) - 1 - back;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return { month: `${year}${String(month).padStart(2, '0')}`, label: `${year}年${month}月` };
}

/** Clicks what starts a download and waits for it; the file must be a PDF named .pdf. */
async function downloadPdf(page: Page, start: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await start();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { download, bytes };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, '');
}

test('the Owner downloads a fee invoice, the invoice a correction replaced, a payout statement and a receipt twice', async ({
  page,
}) => {
  test.slow(); // five pages, six downloads, five PDFs read back
  await signInToTop(page, ACCOUNTS.owner);

  // Top's fees card: last month's invoice (the demo issued it), and the month the demo corrected.
  const fees = page.getByRole('table').filter({ has: page.getByRole('button', { name: /の手数料明細を開く$/ }) });
  const last = monthBack(1);
  const invoice = await downloadPdf(page, () =>
    fees.getByRole('button', { name: `${last.label}の請求書（PDF）をダウンロード` }).click(),
  );
  expect(invoice.download.suggestedFilename()).toContain(last.month);
  await expect(page.getByText(`${invoice.download.suggestedFilename()} を保存しました`)).toBeVisible();
  const corrected = monthBack(2);
  const correctedRow = fees.getByRole('row').filter({ hasText: corrected.label });
  await expect(correctedRow.getByText('訂正済み')).toBeVisible();
  // Its detail gives the invoice the correction replaced, by number.
  await correctedRow.getByRole('button', { name: `${corrected.label}の手数料明細を開く` }).click();
  const detail = page.getByRole('dialog', { name: `${corrected.label}の手数料明細` });
  await expect(detail.getByText('訂正済み')).toBeVisible();
  const original = await downloadPdf(page, () =>
    detail.getByRole('button', { name: /^訂正前の請求書 .+（PDF）をダウンロード$/ }).click(),
  );
  expect(await pdfText(original.bytes)).toContain('請求書');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // The report centre lists the same invoices, the corrected one marked.
  await page.goto('/download');
  const issued = page.getByRole('table', { name: '発行済みの請求書（過去12か月）' });
  await expect(issued.getByRole('row').filter({ hasText: '訂正済み' })).toHaveCount(1);
  await expect(issued.getByRole('row').filter({ hasText: /訂正版（.+ を訂正）/ })).toHaveCount(1);

  // A payout's statement from /withdrawalInfo.
  await page.goto(`/withdrawalInfo?${demoYear()}`);
  const payouts = page.getByRole('table', { name: '出金履歴' });
  const statement = await downloadPdf(page, () =>
    payouts
      .getByRole('button', { name: /の支払明細書（PDF）をダウンロード$/ })
      .first()
      .click(),
  );
  expect(await pdfText(statement.bytes)).toContain('支払明細書');

  // A receipt for a payment, from its detail on /transaction, then its reissue.
  await page.goto(`/transaction?type=PAYMENT&${lastDays(30)}`);
  const history = page.getByRole('table', { name: '取引履歴', exact: true });
  await history
    .getByRole('row', { name: /^取引 \d+ の詳細を開く$/ })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: '取引の詳細' });
  await drawer.getByRole('button', { name: '領収書を発行' }).click();
  const dialog = page.getByRole('dialog', { name: '領収書の発行' });
  const note = dialog.getByRole('textbox', { name: '但し書き' });
  await expect(note).toHaveValue('お品代として');
  await expect(dialog).toContainText('「再発行」と印字されます');
  await note.fill('ご飲食代として');
  await dialog.getByRole('radio', { name: '8%（軽減税率）' }).check();
  const first = await downloadPdf(page, () => dialog.getByRole('button', { name: '発行', exact: true }).click());
  await expect(dialog.getByRole('status')).toContainText(first.download.suggestedFilename());
  const firstText = await pdfText(first.bytes);
  expect(firstText).toContain('領収書');
  expect(firstText).toContain('ご飲食代として');
  const again = await downloadPdf(page, () => dialog.getByRole('button', { name: '発行', exact: true }).click());
  expect(again.download.suggestedFilename()).not.toBe(first.download.suggestedFilename());
  expect(await pdfText(again.bytes)).toContain('再発行');
  await dialog.getByRole('button', { name: '閉じる', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(drawer).toBeVisible();
});

test("a group parent downloads the statement of its group's payouts in the page's period", async ({ page }) => {
  test.slow(); // a year of the group's payouts in one PDF
  await signInToTop(page, ACCOUNTS.owner);
  const from = tokyoDayFrom(-395);
  const to = tokyoDayFrom(0);
  await page.goto(`/withdrawalInfoMerchant?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { level: 1, name: 'グループ加盟店の出金情報' })).toBeVisible();
  const statement = await downloadPdf(page, () =>
    page
      .getByRole('button', {
        name: `${from.replaceAll('-', '/')}〜${to.replaceAll('-', '/')} のグループの支払明細書（PDF）をダウンロード`,
      })
      .click(),
  );
  await expect(page.getByText(`${statement.download.suggestedFilename()} を保存しました`)).toBeVisible();
  const text = await pdfText(statement.bytes);
  expect(text).toContain('支払明細書');
  // Each merchant of the group (pdfText drops the spaces).
  expect(text).toContain(MERCHANTS.main.replaceAll(' ', ''));
  expect(text).toContain(MERCHANTS.station.replaceAll(' ', ''));
});
