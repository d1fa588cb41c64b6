import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { expect, test } from './fixtures';
import { ACCOUNTS, demoYear, lastDays, MERCHANTS, signInToTop, switchMerchant, tokyoDayFrom } from './support';

// Payouts, rebates and utility bills, as the demo has them (the payout run's walk is in money.spec.ts:
// it moves 本店's balance, like the other money walks there).

/** Switches the header's merchant and waits for the new session. */

test.describe('payouts, rebates and utility bills', () => {
  test('the group parent sees every group payout with per-merchant totals; 駅前店 is told why it cannot', async ({
    page,
  }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto(`/withdrawalInfoMerchant?${demoYear()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'グループ加盟店の出金情報' })).toBeVisible();
    const totals = page.getByRole('table', { name: '加盟店別の出金合計' });
    await expect(totals.getByRole('row').filter({ hasText: MERCHANTS.main })).toBeVisible();
    await expect(totals.getByRole('row').filter({ hasText: MERCHANTS.station })).toBeVisible();
    const list = page.getByRole('table', { name: 'グループ加盟店の出金一覧' });
    await expect(list.getByRole('row').filter({ hasText: MERCHANTS.station }).first()).toBeVisible();

    await switchMerchant(page, MERCHANTS.station);
    await expect(page.getByText('グループの親加盟店のみ利用できます').first()).toBeVisible();
    await expect(page.getByRole('table', { name: '加盟店別の出金合計' })).toHaveCount(0);
    // Its own payouts include the one the bank returned, with the reason.
    await page.goto(`/withdrawalInfo?${demoYear()}`);
    await expect(page.getByRole('heading', { level: 2, name: '次回の出金予定' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: '出金履歴' }).getByRole('row').filter({ hasText: '失敗' }),
    ).toContainText('組戻し');
  });

  test('まちのパン屋 is told its payout was passed over for lack of a bank account', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await switchMerchant(page, MERCHANTS.bakery);
    await page.goto('/withdrawalInfo');
    await expect(page.getByRole('heading', { level: 1, name: '出金情報' })).toBeVisible();
    await expect(page.getByText('振込先口座が登録されていません').first()).toBeVisible();
    await expect(page.getByText(/締め：振込先口座が登録されていないため、出金を見送りました/).first()).toBeVisible();
  });

  test('rebates by month and campaign open the row of the transaction that paid them', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/merchantRebate');
    await expect(page.getByRole('heading', { level: 1, name: '加盟店リベート' })).toBeVisible();
    await page.getByRole('button', { name: '直近12か月を表示' }).click();
    const list = page.getByRole('table', { name: 'リベートの支払い' });
    await expect(list.getByRole('row').filter({ hasText: 'キャッシュレス還元キャンペーン' })).toBeVisible();
    const row = list.getByRole('row').filter({ hasText: '加盟店リベート（' }).first();
    const link = row.getByRole('link', { name: /を取引履歴で開く$/ });
    const transactionId = /取引 (\d+) を/.exec(
      (await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '',
    )?.[1];
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: '取引履歴' })).toBeVisible();
    const paidIn = page.getByRole('row', { name: `取引 ${transactionId} の詳細を開く` });
    await expect(paidIn).toContainText('リベート');
    await expect(paidIn).toContainText('加盟店リベート');
  });

  test('utility bills are listed by status, and their reconciliation downloads with per-biller totals', async ({
    page,
  }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto(`/utilityBillsQrHistories?${lastDays(30)}`);
    await expect(page.getByRole('heading', { level: 1, name: '公共料金QR払い履歴' })).toBeVisible();
    const list = page.getByRole('table', { name: '収納履歴' });
    await expect(list.getByRole('row').nth(1)).toContainText(/\d{4}\*{4}\d{2}/);
    await page.getByRole('combobox', { name: '状態' }).selectOption({ label: '取消' });
    await expect(page).toHaveURL(/status=CANCELED/);

    const from = tokyoDayFrom(-120);
    const to = tokyoDayFrom(0);
    await page.goto(`/downloadUtilityBillsData?from=${from}&to=${to}`);
    await expect(page.getByRole('heading', { level: 1, name: '公共料金データのダウンロード' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Shift_JIS/ })).toBeChecked();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'ダウンロード', exact: true }).click();
    const download = await downloading;
    const compact = (day: string) => day.replaceAll('-', '');
    expect(download.suggestedFilename()).toBe(`utility_bills_${MERCHANTS.main}_${compact(from)}-${compact(to)}.csv`);
    const text = iconv.decode(await readFile(await download.path()), 'cp932');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('支払日時,請求書番号,収納先,種別,支払者,金額,状態');
    expect(lines).toContain('収納先別合計（支払済のみ）,収納先,種別,件数,金額');
    expect(lines.at(-1)).toMatch(/^合計,,,\d+,\d+$/);
  });
});
