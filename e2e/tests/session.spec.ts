import { expect, newContext, test } from './fixtures';
import { ACCOUNTS, MERCHANTS, mainMenu, signIn, signInToTop, storageKeys } from './support';

test.describe('sign-in', () => {
  const roleCases = [
    { email: ACCOUNTS.owner, badge: 'オーナー', sees: ['加盟店ユーザー', '返金申請'], hidden: [] as string[] },
    {
      email: ACCOUNTS.manager,
      badge: 'マネージャー',
      sees: ['加盟店への支払い'],
      hidden: ['返金申請', '加盟店ユーザー'],
    },
    {
      email: ACCOUNTS.managerNoPayment,
      badge: 'マネージャー（支払不可）',
      sees: ['取引履歴'],
      hidden: ['加盟店への支払い', '返金申請'],
    },
    {
      email: ACCOUNTS.member,
      badge: 'メンバー',
      sees: ['取引履歴'],
      hidden: ['加盟店への支払い', '支払いリンク', '加盟店ユーザー'],
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
  test('a page the role may not open sends the user to Top and says why', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.member);
    await page.goto('/merchant/user');
    await expect(page).toHaveURL(/\/top$/);
    await expect(page.getByText('現在の権限（メンバー）では「加盟店ユーザー」を開けません。')).toBeVisible();
  });

  test('the group payouts page is in the menu of a group parent only', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    const groupPayouts = mainMenu(page).getByRole('link', { name: 'グループ加盟店の出金情報' });
    await expect(groupPayouts).toBeVisible();
    await page.getByRole('combobox', { name: '加盟店を選択' }).click();
    await page.getByRole('option', { name: MERCHANTS.station }).click();
    await expect(page.getByText(`${MERCHANTS.station}に切り替えました`)).toBeVisible();
    await expect(groupPayouts).toHaveCount(0);
    await expect(mainMenu(page).getByRole('link', { name: '出金情報', exact: true })).toBeVisible();
  });

  test('switching merchant obtains a new session and follows the role held there', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await expect(mainMenu(page).getByRole('link', { name: '加盟店ユーザー' })).toBeVisible();

    const switched = page.waitForResponse((r) => /\/api\/merchants\/\d+\/sessions/.test(r.url()) && r.ok());
    await page.getByRole('combobox', { name: '加盟店を選択' }).click();
    await page.getByRole('option', { name: MERCHANTS.bakery }).click();
    await switched;
    await expect(page.getByText('メンバー', { exact: true }).first()).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: '加盟店ユーザー' })).toHaveCount(0);
    // One notification says which merchant is current now.
    await expect(page.getByText(`${MERCHANTS.bakery}に切り替えました`)).toHaveCount(1);

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
    // Everything but the note that this tab signed out (Login reached by Back then shows no error).
    expect(await storageKeys(page)).toEqual({ local: [], session: ['signed_out'] });
    // The reauth token the browser held no longer refreshes.
    const refreshed = await page.request.post('/api/sessions/refresh', { data: { ...stored, platform: 'web' } });
    expect(refreshed.status()).toBe(400);
    await page.goto('/top');
    await expect(page).toHaveURL(/\/login\?authError=true$/);
  });
});

test.describe('tabs', () => {
  test('a link opened in a new tab is signed in; tabs opened on their own still sign in', async ({ page, browser }) => {
    test.slow();
    await signInToTop(page, ACCOUNTS.owner);
    const context = page.context();

    // Middle click on a menu link: the new tab receives the session of the tab that opened it.
    const opening = context.waitForEvent('page');
    await mainMenu(page).getByRole('link', { name: '取引履歴' }).click({ button: 'middle' });
    const opened = await opening;
    await expect(opened).toHaveURL(/\/transaction/);
    // The opener asks the server for the new tab's session first, then the new tab refreshes for its
    // own authorization: two calls before the page's own, which on a loaded machine take seconds.
    await expect(opened.getByRole('heading', { level: 1, name: '取引履歴' })).toBeVisible({ timeout: 30_000 });
    // Still not kept: nothing of the session in localStorage.
    expect((await storageKeys(opened)).local.filter((k) => /token|popinfo/i.test(k))).toEqual([]);

    // Each tab holds a session family of its own in the same sign-in: both reload (and rotate their
    // reauth tokens) at the same moment, and neither presents a token the other has spent.
    const token = (tab: typeof page) => tab.evaluate(() => sessionStorage.getItem('token'));
    expect(await token(opened)).not.toBe(await token(page));
    await Promise.all([page.reload(), opened.reload()]);
    await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    await expect(opened.getByRole('heading', { level: 1, name: '取引履歴' })).toBeVisible();
    await Promise.all([page.reload(), opened.reload()]);
    await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    await expect(opened.getByRole('heading', { level: 1, name: '取引履歴' })).toBeVisible();

    // A tab opened on its own (an address typed in) in the same browser still needs a sign-in.
    const typed = await context.newPage();
    await typed.goto('/transaction');
    await expect(typed).toHaveURL(/\/login\?authError=true$/);

    // And so does another browser.
    const fresh = await newContext(browser);
    const other = await fresh.newPage();
    await other.goto('/transaction');
    await expect(other).toHaveURL(/\/login\?authError=true$/);
    await fresh.close();

    // A logout in the opened tab ends the sign-in in the tab that opened it too.
    const ended = opened.waitForResponse(
      (r) => r.url().includes('/api/sessions/current') && r.request().method() === 'DELETE',
    );
    await opened.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await opened.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(opened).toHaveURL(/\/login/);
    expect((await ended).status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/login\?authError=true$/);
  });
});
