import { expect, test } from './fixtures';
import { ACCOUNTS, demoYear, MERCHANTS, signInToTop, switchMerchant } from './support';

// Customer programs as the demo has them (the coupon walk that moves money is in money.spec.ts).

test.describe('customer programs', () => {
  test('book tickets: a summary by ticket, then every use with the customer masked', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.member);
    await page.goto(`/bookTicketUseHistory?${demoYear()}`);
    await expect(page.getByRole('heading', { level: 1, name: '回数券利用履歴' })).toBeVisible();
    await expect(page.getByText('コーヒー回数券（11枚つづり）').first()).toBeVisible();
    await expect(page.getByText('11回 / 4,400')).toBeVisible();
    const list = page.getByRole('table', { name: '利用履歴' });
    await expect(list.getByRole('row').nth(1)).toContainText(/\d{4}\*{4}\d{2}/);
  });

  test('subscriptions: 本店 shows its plans and subscribers; 駅前店 is told it has none', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'サブスクリプション' })).toBeVisible();
    await expect(page.getByText('コーヒー飲み放題プラン').first()).toBeVisible();
    await expect(
      page.getByRole('table', { name: '会員一覧' }).getByRole('row').filter({ hasText: '支払失敗' }),
    ).toHaveCount(1);

    await switchMerchant(page, MERCHANTS.station);
    await expect(page.getByText('サブスクリプションを利用していません').first()).toBeVisible();
    await expect(page.getByRole('table', { name: '会員一覧' })).toHaveCount(0);
  });

  test('automatic payments: filtered by result, a failure shows its reason and a retry says when', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto(`/automaticPaymentHistory?${demoYear()}`);
    await expect(page.getByRole('heading', { level: 1, name: '自動支払履歴' })).toBeVisible();
    await page.getByRole('combobox', { name: '結果' }).selectOption({ label: '再試行予定' });
    await expect(page).toHaveURL(/result=RETRY_SCHEDULED/);
    const list = page.getByRole('table', { name: '自動支払の一覧' });
    await expect(list.getByRole('row').nth(1)).toContainText('次回の自動支払の処理で再試行します');
    await page.getByRole('combobox', { name: '結果' }).selectOption({ label: '失敗' });
    await expect(list.getByRole('row').nth(1)).toContainText('残高が不足');
  });
});
