import { expect, test } from './fixtures';
import { ACCOUNTS, apiSignIn, createActiveUser, demoYear, signInToTop, signInWith, uniqueEmail } from './support';

/*
 * The Owner's view of the team (issue 48): the 操作履歴, ログイン中の端末 and inactivity. The devices and
 * inactivity walks use users of their own: ending sign-ins of a demo user would end other walks' too.
 */

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'team-walk-password';

test('an Owner finds who asked for a refund in the 操作履歴, from 加盟店ユーザー', async ({ page }) => {
  await signInToTop(page, ACCOUNTS.owner);
  await page.goto('/merchant/user');
  await page.getByRole('link', { name: '操作履歴を見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '操作履歴' })).toBeVisible();
  // The demo's year, refunds only: each request names who made it.
  await page.goto(`/merchant/user/history?${demoYear()}&kind=refund`);
  const table = page.getByRole('table', { name: '操作の一覧' });
  const requested = table.getByRole('row').filter({ hasText: '返金を申請' }).first();
  await expect(requested).toBeVisible();
  await expect(requested).toContainText('鈴木 一郎');
  await expect(requested).toContainText(/申請ID \d+/);
  // The operator's approvals are the operator's.
  await expect(table.getByRole('row').filter({ hasText: '返金申請が承認' }).first()).toContainText('運営者');
  await expect(page.getByRole('combobox', { name: '種類' })).toHaveValue('refund');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a user ends their other sign-in from ログイン中の端末, which is refused at once', async ({ page, request }) => {
    const email = uniqueEmail('devices');
    await createActiveUser(request, { email, password: PASSWORD, name: '端末 確認' });
    const elsewhere = await apiSignIn(request, email, PASSWORD);
    await signInWith(page, email, PASSWORD);
    await page.goto('/devices');
    await expect(page.getByRole('heading', { level: 1, name: 'ログイン中の端末' })).toBeVisible();
    await expect(page.getByText('この端末', { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: /をログアウトさせる$/ })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: '端末をログアウトさせますか？' });
    await confirm.getByRole('button', { name: 'ログアウトさせる' }).click();
    await expect(page.getByText('1台の端末をログアウトさせました')).toBeVisible();
    await expect(page.getByText('ほかにログインしている端末はありません')).toBeVisible();
    const refused = await request.get('/api/sessions', { headers: { Authorization: elsewhere } });
    expect(refused.status()).toBe(401);
  });
});

test('inactivity: the warning keeps the sign-in; left alone it ends, and the half-typed form comes back', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('idle');
  await createActiveUser(request, { email, password: PASSWORD, name: '無操作 確認' });
  // The browser's clock is the test's: fifteen minutes pass in a moment (the server's own limit is
  // tested in the server's tests).
  await page.clock.install();
  await signInWith(page, email, PASSWORD);
  // The shell's idle guard learns the shop's minutes from its first touch of the sign-in.
  const touched = page.waitForResponse((r) => r.url().includes('/api/sessions/current/activity') && r.ok());
  await page.goto('/changeEmail');
  await touched;
  const newAddress = page.getByLabel('新しいメールアドレス', { exact: true });
  await newAddress.fill('half-typed@example.com');

  // A minute before the end, the warning; staying signed in closes it.
  await page.clock.fastForward('14:10');
  const warning = page.getByRole('dialog', { name: 'まもなく自動的にログアウトします' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'ログインを続ける' }).click();
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(/\/changeEmail/);

  // Left alone past the end: signed out, told why.
  await page.clock.fastForward('15:30');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('一定時間操作がなかったため、ログアウトしました', { exact: false })).toBeVisible();

  // Signed in again, the page and what was typed are back.
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/changeEmail/);
  await expect(page.getByLabel('新しいメールアドレス', { exact: true })).toHaveValue('half-typed@example.com');
});
