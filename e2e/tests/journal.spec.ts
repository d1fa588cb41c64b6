import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { expect, test } from './fixtures';
import { ACCOUNTS, lastDays, MERCHANTS, signInToTop } from './support';

/** Issue 26 (4): the journal for 弥生会計, downloaded from the report centre. */

test('/download gives the journal in 弥生会計’s import layout, with the account names beside it', async ({ page }) => {
  await signInToTop(page, ACCOUNTS.owner);
  await page.goto(`/download?kind=journal_yayoi&${lastDays(60)}`);
  await expect(page.getByLabel('帳票の種類')).toHaveValue('journal_yayoi');
  // The Owner's card of account names, the defaults until set.
  await expect(page.getByRole('heading', { name: '仕訳の勘定科目' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '売上', exact: true })).toHaveValue('売上高');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ダウンロード', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^journal_yayoi_${MERCHANTS.main}_\\d{8}-\\d{8}\\.csv$`));
  const records = iconv
    .decode(await readFile(await download.path()), 'cp932')
    .trimEnd()
    .split('\r\n');
  // No header: the first record is an entry, one line (2000) or the first of several (2110).
  expect(records[0]).toMatch(/^(2000|2110),,,\d{4}\/\d{2}\/\d{2},/);
  for (const record of records) expect(record.split(',')).toHaveLength(25);
  await expect(
    page.getByRole('status').filter({ hasText: `（${records.length.toLocaleString('ja-JP')}行）` }),
  ).toBeVisible();
});
