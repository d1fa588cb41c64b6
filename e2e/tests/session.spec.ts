import { expect, test } from './fixtures';
import { ACCOUNTS, MERCHANTS, mainMenu, signIn, signInToTop, storageKeys } from './support';

test.describe('sign-in', () => {
  const roleCases = [
    { email: ACCOUNTS.owner, badge: 'オーナー', sees: ['加盟店ユーザー', '返金申請'], hidden: [] as string[] },
    { email: ACCOUNTS.manager, badge: 'マネージャー', sees: ['支払依頼'], hidden: ['返金申請', '加盟店ユーザー'] },
    {
      email: ACCOUNTS.managerNoPayment,
      badge: 'マネージャー（支払不可）',
      sees: ['取引履歴'],
      hidden: ['支払依頼', '返金申請'],
    },
    {
      email: ACCOUNTS.member,
      badge: 'メンバー',
      sees: ['取引履歴'],
      hidden: ['支払依頼', 'URL決済', '加盟店ユーザー'],
    },
  ];

  for (const { email, badge, sees, hidden } of roleCases) {
    test(`${email} lands on Top and sees only what the role may open`, async ({ page }) => {
      await signInToTop(page, email);
      await expect(page.getByText(badge, { exact: true }).first()).toBeVisible();
      for (const name of sees) await expect(mainMenu(page).getByRole('link', { name })).toBeVisible();
      for (const name of hidden) await expect(mainMenu(page).getByRole('link', { name })).toHaveCount(0);
    });
  }

  test('a user with no merchant roles gets the no-roles message and stays on Login', async ({ page }) => {
    await signIn(page, ACCOUNTS.noRoles);
    await expect(page.getByRole('alert')).toContainText('このユーザーはログインできません');
    await expect(page).toHaveURL(/\/login/);
    expect((await storageKeys(page)).session).not.toContain('token');
  });

  test('a wrong password is refused with a message and no session', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('メールアドレス').fill(ACCOUNTS.owner);
    await page.getByLabel('パスワード', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('without 「ログイン状態を保持する」 the session lives in sessionStorage, with it in localStorage', async ({
    browser,
  }) => {
    const plain = await browser.newPage();
    await signInToTop(plain, ACCOUNTS.member);
    let keys = await storageKeys(plain);
    expect(keys.session.length).toBeGreaterThan(0);
    expect(keys.local.filter((k) => /token|popinfo/i.test(k))).toEqual([]);
    await plain.close();

    const kept = await browser.newPage();
    await signInToTop(kept, ACCOUNTS.member, { keep: true });
    keys = await storageKeys(kept);
    expect(keys.local.some((k) => /token/i.test(k))).toBe(true);
    await kept.close();
  });

  test('a reload keeps the session (the reauth token obtains a new authorization)', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.manager);
    await page.reload();
    await expect(page).toHaveURL(/\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
  });
});

test.describe('navigation guard', () => {
  test('an authenticated page without a session goes to Login with authError and the message', async ({ page }) => {
    await page.goto('/transaction?page=2');
    await expect(page).toHaveURL(/\/login\?authError=true$/);
    await expect(page.getByRole('alert')).toContainText('認証エラーです');
  });

  test('the root goes to Top once signed in', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.member);
    await page.goto('/');
    await expect(page).toHaveURL(/\/top$/);
  });

  const denied = [
    { email: ACCOUNTS.member, path: '/merchant/user' },
    { email: ACCOUNTS.member, path: '/payment/request' },
    { email: ACCOUNTS.managerNoPayment, path: '/urlPayment' },
    { email: ACCOUNTS.manager, path: '/refund/request' },
    { email: ACCOUNTS.manager, path: '/merchant/bankAccount' },
  ];
  for (const { email, path } of denied) {
    test(`${email} opening ${path} is sent to Top`, async ({ page }) => {
      await signInToTop(page, email);
      await page.goto(path);
      await expect(page).toHaveURL(/\/top$/);
    });
  }

  test('an allowed page opens for its role', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.manager);
    await page.goto('/payment/request');
    await expect(page).toHaveURL(/\/payment\/request$/);
  });

  test('Login with invoice_id hands a signed-in user over to InvoicePayment with the query', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.manager);
    await page.goto('/login?invoice_id=INV-2026-0001');
    await expect(page).toHaveURL(/\/invoicePayment\?invoice_id=INV-2026-0001$/);
  });

  test('signing in from a Login link with invoice_id lands on InvoicePayment', async ({ page }) => {
    await signIn(page, ACCOUNTS.owner, { query: '?invoice_id=INV-2026-0002' });
    await expect(page).toHaveURL(/\/invoicePayment\?invoice_id=INV-2026-0002$/);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
  });
});

test.describe('shell', () => {
  test('switching merchant obtains a new session and follows the role held there', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await expect(mainMenu(page).getByRole('link', { name: '加盟店ユーザー' })).toBeVisible();

    const switched = page.waitForResponse((r) => /\/api\/merchants\/\d+\/sessions/.test(r.url()) && r.ok());
    await page.getByRole('combobox', { name: '加盟店を選択' }).click();
    await page.getByRole('option', { name: MERCHANTS.bakery }).click();
    await switched;
    await expect(page.getByText('メンバー', { exact: true }).first()).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: '加盟店ユーザー' })).toHaveCount(0);

    // The choice survives a reload.
    await page.reload();
    await expect(page.getByRole('combobox', { name: '加盟店を選択' })).toHaveValue(MERCHANTS.bakery);
  });

  test('logout clears every storage, ends the sign-in on the server and returns to Login', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner, { keep: true });
    expect((await storageKeys(page)).local.length).toBeGreaterThan(0);
    const stored = await page.evaluate(() => ({
      reauth_token: localStorage.getItem('token') ?? '',
      popinfo_id: localStorage.getItem('popinfo_id') ?? '',
    }));
    const ended = page.waitForResponse(
      (r) => r.url().includes('/api/sessions/current') && r.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await ended).status()).toBe(200);
    expect(await storageKeys(page)).toEqual({ local: [], session: [] });
    // The reauth token the browser held no longer refreshes.
    const refreshed = await page.request.post('/api/sessions/refresh', { data: { ...stored, platform: 'web' } });
    expect(refreshed.status()).toBe(400);
    await page.goto('/top');
    await expect(page).toHaveURL(/\/login\?authError=true$/);
  });
});
