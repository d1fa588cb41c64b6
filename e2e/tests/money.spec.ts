import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HISTORY_CSV_HEADER, REFUND_STATUS_LABELS, TRANSACTION_TYPE_LABELS } from '@coin/contract';
import type { Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { expect, newContext, test } from './fixtures';
import { ACCOUNTS, apiSignIn, lastDays, MERCHANTS, signIn, signInToTop } from './support';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * The compiled operator command (`npm run build` made it) against the data directory of this file's
 * server (tests/fixtures.ts): it reaches the running server.
 */
async function admin(...args: string[]) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (tests/fixtures.ts sets it)');
  const { DATABASE_URL: _unused, ...env } = process.env;
  return run(process.execPath, ['server/dist/admin.mjs', ...args], {
    cwd: repoRoot,
    env: { ...env, DATA_DIR: dataDir },
    timeout: 90_000,
  });
}

const numberIn = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/** めぶくコイン's balance as Top shows it. */
async function topBalance(page: Page, coin: string): Promise<number> {
  await page.goto('/top');
  const item = page.getByRole('region', { name: 'コイン残高' }).getByRole('listitem').filter({ hasText: coin });
  await expect(item).toBeVisible();
  // The balance is the line's figure alone (a badge beside it may say what refunds hold: 返金申請中 …).
  const amount = item.getByText(/^[\d,]+$/);
  await expect(amount).toBeVisible();
  return numberIn((await amount.textContent()) ?? '');
}

/** On /refund/request: pick the newest payment of `coin` with something left to refund, enter `amount`, confirm. */
async function confirmRefund(page: Page, coin: string, amount: number) {
  await page.goto('/refund/request');
  await expect(page.getByRole('heading', { level: 1, name: '返金申請' })).toBeVisible();
  const payments = page.getByRole('table', { name: '返金できる支払い' });
  const row = payments
    .getByRole('row')
    .filter({ hasText: coin })
    .filter({ has: page.getByRole('button', { name: /を選択$/ }) })
    .first();
  const select = row.getByRole('button', { name: /を選択$/ });
  // The button is named after its payment: 支払い 10059 を選択.
  const paymentId = numberIn((await select.getAttribute('aria-label')) ?? '');
  await select.click();
  // The form takes the list's place, next to the chosen payment, what is left to refund filled in.
  const form = page.getByRole('form', { name: '返金の内容' });
  await expect(form).toContainText(`取引ID ${paymentId}`);
  const amountInput = form.getByRole('textbox', { name: '返金額' });
  await expect(amountInput).not.toHaveValue('');
  await amountInput.fill(String(amount));
  await form.getByRole('button', { name: '確認', exact: true }).click();
  const confirmation = page.getByRole('region', { name: '申請内容の確認' });
  await expect(confirmation).toBeVisible();
  return { paymentId, confirmation };
}

// The walks of this file move 本店's money on the file's own server, one after the other; each reads the
// balances it compares before it acts, so none depends on what another did.
test.describe('money pages', () => {
  test('the Owner requests a refund, the operator approves it, and the list and the balance change', async ({
    page,
  }) => {
    await signInToTop(page, ACCOUNTS.owner);
    const coin = 'めぶくコイン';
    const before = await topBalance(page, coin);

    const amount = 100;
    const { paymentId, confirmation } = await confirmRefund(page, coin, amount);
    await expect(confirmation.getByRole('row', { name: /取引ID/ })).toContainText(String(paymentId));
    await expect(confirmation.getByRole('row', { name: /返金額/ })).toContainText('100');
    const feeRow = confirmation.getByRole('row', { name: /^手数料/ });
    await expect(feeRow).toContainText('%');
    const fee = numberIn(((await feeRow.getByRole('cell').textContent()) ?? '').split('（')[0] ?? '');
    await expect(confirmation.getByRole('row', { name: /返金可能残額（申請前）/ })).toBeVisible();
    await expect(confirmation.getByRole('row', { name: /申請後の返金可能残額/ })).toBeVisible();

    await page.getByRole('button', { name: '申請する' }).click();
    const done = page.getByRole('status').filter({ hasText: '返金を申請しました' });
    await expect(done).toBeVisible();
    const applicationId = numberIn(/申請ID\s*(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '');
    expect(applicationId).toBeGreaterThan(0);

    await done.getByRole('link', { name: '返金一覧へ' }).click();
    await expect(page).toHaveURL(/\/refund(\?|$)/);
    const listed = page
      .getByRole('table', { name: '返金一覧' })
      .getByRole('row')
      .filter({
        has: page.getByRole('cell', { name: String(applicationId), exact: true }),
      });
    await expect(listed).toContainText(REFUND_STATUS_LABELS.REQUESTED);
    await expect(listed).toContainText(String(paymentId));
    // Requested, not approved: no money has moved yet.
    expect(await topBalance(page, coin)).toBe(before);

    const { stdout } = await admin('refunds', 'approve', String(applicationId));
    expect(stdout).toContain(String(applicationId));

    await page.goto('/refund');
    await expect(listed).toContainText(REFUND_STATUS_LABELS.APPROVED);
    await expect(listed.getByRole('button', { name: /取り消す$/ })).toHaveCount(0);
    expect(await topBalance(page, coin)).toBe(before - amount - fee);
  });

  test('the Owner cancels a requested refund after confirming', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await confirmRefund(page, 'めぶくコイン', 50);
    await page.getByRole('button', { name: '申請する' }).click();
    const done = page.getByRole('status').filter({ hasText: '返金を申請しました' });
    const applicationId = numberIn(/申請ID\s*(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '');

    await page.goto('/refund?status=REQUESTED');
    const row = page
      .getByRole('table', { name: '返金一覧' })
      .getByRole('row')
      .filter({
        has: page.getByRole('cell', { name: String(applicationId), exact: true }),
      });
    await expect(row).toContainText(REFUND_STATUS_LABELS.REQUESTED);
    await row.getByRole('button', { name: `取消（返金申請 ${applicationId}）` }).click();
    const dialog = page.getByRole('dialog', { name: '返金申請を取り消しますか？' });
    await expect(dialog).toContainText(`申請ID ${applicationId}`);
    await dialog.getByRole('button', { name: '取り消す', exact: true }).click();
    await expect(dialog).toBeHidden();
    // The list is filtered to requested ones: the cancelled application leaves it.
    await expect(row).toHaveCount(0);
    await page.goto('/refund?status=CANCELED');
    await expect(
      page
        .getByRole('table', { name: '返金一覧' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(applicationId), exact: true }) }),
    ).toContainText('取消済み');
  });

  test('the Owner refunds part of a payment from its detail in the transaction history', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto(`/transaction?type=PAYMENT&${lastDays(30)}`);
    const history = page.getByRole('table', { name: '取引履歴' });
    const row = history
      .getByRole('row', { name: /の詳細を開く$/ })
      .filter({ hasText: 'めぶくコイン' })
      .first();
    // Opened with the keyboard.
    await row.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: '取引の詳細' });
    const facts = detail.getByRole('table', { name: '取引の内容' });
    await expect(facts.getByRole('row', { name: /^種別/ })).toContainText(TRANSACTION_TYPE_LABELS.PAYMENT);
    await expect(facts.getByRole('row', { name: /^手数料/ })).toBeVisible();
    await expect(facts.getByRole('row', { name: /^取引後残高/ })).toBeVisible();
    const paymentId = numberIn(
      (await facts
        .getByRole('row', { name: /^取引ID/ })
        .getByRole('cell')
        .textContent()) ?? '',
    );
    const remainingRow = facts.getByRole('row', { name: /^返金可能残額/ });
    await expect(remainingRow).toBeVisible();
    const remaining = numberIn((await remainingRow.getByRole('cell').textContent()) ?? '');
    expect(remaining).toBeGreaterThan(50);

    await detail.getByRole('button', { name: '返金する' }).click();
    const form = detail.getByRole('form', { name: '返金の内容' });
    const amount = form.getByRole('textbox', { name: '返金額' });
    await expect(amount).toHaveValue(remaining.toLocaleString('ja-JP'));
    // A failed submit puts focus on the field to correct.
    await amount.fill('');
    await form.getByRole('button', { name: '確認', exact: true }).click();
    await expect(amount).toBeFocused();
    await expect(form).toContainText('返金額を入力してください');
    await amount.fill('５０');
    await expect(amount).toHaveValue('50');
    await form.getByRole('textbox', { name: '返金理由（任意）' }).fill('一部返品（e2e）');
    await form.getByRole('button', { name: '確認', exact: true }).click();
    const confirmation = detail.getByRole('region', { name: '申請内容の確認' });
    await expect(confirmation.getByRole('row', { name: /^取引ID/ })).toContainText(String(paymentId));
    await expect(confirmation.getByRole('row', { name: /^返金額/ })).toContainText('50');
    await expect(confirmation.getByRole('row', { name: /^返金理由/ })).toContainText('一部返品（e2e）');
    await confirmation.getByRole('button', { name: '申請する' }).click();
    const done = detail.getByRole('status').filter({ hasText: '返金を申請しました' });
    await expect(done).toBeVisible();
    const applicationId = numberIn(/申請ID\s*(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '');
    // The detail is read again: what is left went down by the request.
    await expect(remainingRow).toContainText((remaining - 50).toLocaleString('ja-JP'));
    await done.getByRole('button', { name: '閉じる' }).click();
    await expect(detail).toBeHidden();
    await expect(row).toBeFocused();

    // Listed with its reason, and cancelled.
    await page.goto('/refund?status=REQUESTED');
    const listed = page
      .getByRole('table', { name: '返金一覧' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(applicationId), exact: true }) });
    await expect(listed).toContainText('一部返品（e2e）');
    await listed.getByRole('button', { name: `取消（返金申請 ${applicationId}）` }).click();
    const dialog = page.getByRole('dialog', { name: '返金申請を取り消しますか？' });
    await dialog.getByRole('button', { name: '取り消す', exact: true }).click();
    await expect(listed).toHaveCount(0);
  });

  test('a Member sees refunds but can neither cancel nor request one', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.member);
    await page.goto('/refund');
    await expect(page.getByRole('table', { name: '返金一覧' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^取消（返金申請/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '返金を申請' })).toHaveCount(0);
  });
  // Money in and out.

  test('the Owner pays 駅前店 after confirming the fee, and both balances change', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    const coin = 'めぶくコイン';
    const mainBefore = await topBalance(page, coin);
    const stationWallet = await page.request.get('/api/wallets/1100000002', {
      headers: { authorization: await apiSignIn(page.request, ACCOUNTS.owner) },
    });
    const stationBefore = Number(
      ((await stationWallet.json()) as { balances: { name: string; amount: number }[] }).balances.find(
        (b) => b.name === coin,
      )?.amount,
    );

    await page.goto('/payment/request');
    await expect(page.getByRole('heading', { level: 1, name: '加盟店への支払い' })).toBeVisible();
    // The picker names each payee with its wallet number, so two shops of one name are told apart.
    await page.getByLabel('支払先').selectOption({ label: `${MERCHANTS.station}（ウォレット番号 1100000002）` });
    const coinSelect = page.getByRole('combobox', { name: 'コイン', exact: true });
    await coinSelect.selectOption((await coinSelect.locator('option', { hasText: coin }).getAttribute('value')) ?? '');
    await page.getByRole('radio', { name: /^通常/ }).check();
    // Typed as Japanese users often do: full-width digits and separator.
    await page.getByRole('textbox', { name: '支払金額' }).fill('１，０００');
    await expect(page.getByRole('textbox', { name: '支払金額' })).toHaveValue('1,000');
    await page.getByRole('button', { name: '確認する' }).click();

    const confirmation = page.getByRole('region', { name: '支払内容の確認' });
    await expect(confirmation.getByRole('row', { name: /^支払先\s/ })).toContainText(MERCHANTS.station);
    await expect(confirmation.getByRole('row', { name: /^支払先のウォレット番号/ })).toContainText('1100000002');
    await expect(confirmation.getByRole('row', { name: /^手数料/ })).toContainText('10');
    await expect(confirmation.getByRole('row', { name: /^合計/ })).toContainText('1,010');
    // Nothing has moved before 支払う.
    await page.getByRole('button', { name: '支払う', exact: true }).click();
    const done = page.getByRole('status').filter({ hasText: '支払いが完了しました' });
    await expect(done).toBeVisible();
    const transactionId = numberIn(/取引ID\s*(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '');
    expect(transactionId).toBeGreaterThan(0);
    await expect(
      page
        .getByRole('table', { name: '他加盟店への支払い履歴' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(transactionId), exact: true }) }),
    ).toContainText(MERCHANTS.station);

    expect(await topBalance(page, coin)).toBe(mainBefore - 1010);
    // 駅前店 received the amount, without the fee.
    await page.getByRole('combobox', { name: '加盟店を選択' }).click();
    await page.getByRole('option', { name: MERCHANTS.station }).click();
    await expect(page.getByRole('combobox', { name: '加盟店を選択' })).toHaveValue(MERCHANTS.station);
    expect(await topBalance(page, coin)).toBe(stationBefore + 1000);
  });

  test('a payment link is created, shown as a QR code, paid by the operator command and stopped', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/urlPayment');
    await expect(page.getByRole('heading', { level: 1, name: '支払いリンク' })).toBeVisible();
    const description = `e2eリンク ${Date.now().toString(36)}`;
    const coinSelect = page.getByRole('combobox', { name: 'コイン', exact: true });
    await coinSelect.selectOption(
      (await coinSelect.locator('option', { hasText: 'めぶくコイン' }).getAttribute('value')) ?? '',
    );
    await page.getByRole('textbox', { name: '金額' }).fill('1500');
    await page.getByRole('textbox', { name: '説明' }).fill(description);
    await page.getByRole('button', { name: '作成する' }).click();
    // The new link's QR code opens at once.
    const qr = page.getByRole('dialog', { name: '支払いリンクのQRコード' });
    await expect(qr.getByRole('img', { name: `「${description}」の支払いリンクのQRコード` })).toBeVisible();
    await qr.getByRole('button', { name: '閉じる' }).first().click();
    await expect(qr).toBeHidden();

    const row = page.getByRole('table', { name: '支払いリンク一覧' }).getByRole('row').filter({ hasText: description });
    await expect(row).toContainText('有効');
    await expect(row).toContainText('0回');
    const url = ((await row.getByText(/url_payment=/).textContent()) ?? '').trim();
    expect(url).toMatch(/^http:\/\/qr\.localhost:\d+\/payment\/\?url_payment=[\w-]+$/);

    // And again from its row.
    await row.getByRole('button', { name: `「${description}」のQRコードを表示` }).click();
    await expect(qr.getByRole('img', { name: `「${description}」の支払いリンクのQRコード` })).toBeVisible();
    await qr.getByRole('button', { name: '閉じる' }).first().click();
    await expect(qr).toBeHidden();

    // A customer pays it (the operator command stands in for the app), through the running server.
    const { stdout } = await admin('url-payments', 'pay', url, '--wallet', '2000000001');
    expect(stdout).toContain('1 use');
    await page.reload();
    await expect(row).toContainText('1回');
    await expect(row).toContainText('1,500');

    // The link itself opens the QR intermediary, which hands the query to the app.
    const linkPage = await page.context().newPage();
    await linkPage.goto(url);
    const openApp = linkPage.getByRole('link', { name: 'アプリを開く' });
    await expect(openApp).toHaveAttribute('href', new RegExp(`url_payment=${url.split('url_payment=')[1]}`));
    await linkPage.close();

    await row.getByRole('button', { name: `「${description}」を停止` }).click();
    const dialog = page.getByRole('dialog', { name: '支払いリンクを停止しますか？' });
    await dialog.getByRole('button', { name: '停止する' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('停止');
    const refused = await admin('url-payments', 'pay', url, '--wallet', '2000000001').then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('停止されています');
  });

  test('an invoice opened from /login?invoice_id= is paid by the Owner; a Member sees why it cannot pay', async ({
    page,
    browser,
  }) => {
    const issue = async (title: string) => {
      const { stdout } = await admin(
        'invoices',
        'issue',
        '--merchant',
        '1',
        '--title',
        title,
        '--amount',
        '2500',
        '--due',
        '2099-12-31',
      );
      return numberIn(/invoice #(\d+)/.exec(stdout)?.[1] ?? '');
    };
    const title = `e2e請求 ${Date.now().toString(36)}`;
    const invoiceId = await issue(title);
    expect(invoiceId).toBeGreaterThan(0);

    await signIn(page, ACCOUNTS.owner, { query: `?invoice_id=${invoiceId}` });
    await expect(page).toHaveURL(new RegExp(`/invoicePayment\\?invoice_id=${invoiceId}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: title })).toContainText('未払い');
    await page.getByRole('button', { name: '支払う', exact: true }).click();
    const confirmation = page.getByRole('table', { name: '支払い内容の確認' });
    await expect(confirmation).toContainText('2,500');
    await page.getByRole('button', { name: '支払いを確定する' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `請求書「${title}」の支払いが完了しました` }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: title })).toContainText('支払済み');
    await page.reload();
    await expect(page.getByRole('region', { name: title })).toContainText('支払済み');
    await expect(page.getByRole('button', { name: '支払う', exact: true })).toHaveCount(0);

    const memberContext = await newContext(browser);
    try {
      const member = await memberContext.newPage();
      const unpaid = await issue(`${title} その2`);
      await signIn(member, ACCOUNTS.member, { query: `?invoice_id=${unpaid}` });
      await expect(member).toHaveURL(new RegExp(`/invoicePayment\\?invoice_id=${unpaid}$`));
      await expect(member.getByText('支払いはオーナーまたはマネージャーのみ行えます')).toBeVisible();
      await expect(member.getByRole('button', { name: '支払う', exact: true })).toHaveCount(0);
    } finally {
      await memberContext.close();
    }
  });

  test("the Owner reloads a customer's wallet after confirming, and the reload is in the history", async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/reload');
    await expect(page.getByRole('heading', { level: 1, name: 'チャージ' })).toBeVisible();
    await page.getByRole('textbox', { name: 'お客様のウォレット番号' }).fill('２０００－０００－０２０');
    await expect(page.getByRole('textbox', { name: 'お客様のウォレット番号' })).toHaveValue('2000000020');
    const coinSelect = page.getByRole('combobox', { name: 'コイン', exact: true });
    await coinSelect.selectOption(
      (await coinSelect.locator('option', { hasText: 'めぶくコイン' }).getAttribute('value')) ?? '',
    );
    await page.getByRole('textbox', { name: 'チャージ金額' }).fill('3000');
    await page.getByRole('button', { name: '確認する' }).click();
    const confirmation = page.getByRole('region', { name: 'チャージ内容の確認' });
    await expect(confirmation).toContainText('2000000020');
    await expect(confirmation).toContainText('3,000');
    await page.getByRole('button', { name: 'チャージする' }).click();
    const done = page.getByRole('status').filter({ hasText: 'チャージが完了しました' });
    await expect(done).toBeVisible();
    const transactionId = numberIn(/取引ID\s*(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '');
    const row = page
      .getByRole('table', { name: 'チャージ履歴' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(transactionId), exact: true }) });
    await expect(row).toContainText('2000000020');
    await expect(row).toContainText('3,000');
  });
  test('a coupon is created with its preview, used by the operator command in a discounted payment, and another stopped', async ({
    page,
  }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/coupon');
    await expect(page.getByRole('heading', { level: 1, name: 'クーポン' })).toBeVisible();
    const name = `e2e10%OFF ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'クーポン名' }).fill(name);
    await page.getByRole('radiogroup', { name: '割引の種類' }).getByText('割合', { exact: true }).click();
    await expect(page.getByRole('radio', { name: '割合' })).toBeChecked();
    await page.getByRole('textbox', { name: '割引率' }).fill('10');
    await page.getByRole('textbox', { name: '最低購入金額' }).fill('１，０００');
    // The preview shows what the customer will see.
    await expect(page.getByText('10%OFF').first()).toBeVisible();
    await expect(page.getByText('1,000円以上のお買い上げで利用できます').first()).toBeVisible();
    await page.getByRole('button', { name: '作成する' }).click();
    const list = page.getByRole('table', { name: 'クーポン一覧' });
    const row = list.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('配布中');
    const couponId = numberIn((await row.getByText(/^クーポンID \d+$/).textContent()) ?? '');
    expect(couponId).toBeGreaterThan(0);

    const { stdout } = await admin('coupons', 'use', String(couponId), '--wallet', '2000000001', '--amount', '1200');
    expect(stdout).toContain('discount 120, paid 1,080');
    const transactionId = /transaction (\d+)/.exec(stdout)?.[1];
    await page.reload();
    await expect(row).toContainText('1');
    await expect(row).toContainText('120');

    // The discounted payment is in the transaction history, with the coupon named.
    await page.goto(`/transaction?id=${transactionId}`);
    const payment = page.getByRole('row', { name: `取引 ${transactionId} の詳細を開く` });
    await expect(payment).toContainText('+1,080');
    await expect(payment).toContainText(name);

    // Another coupon is stopped after its confirm step.
    await page.goto('/coupon?status=ACTIVE');
    const other = list.getByRole('row').filter({ hasText: '秋のコーヒー10%OFF' });
    await other.getByRole('button', { name: /停止/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '停止する' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/coupon?status=STOPPED');
    await expect(list.getByRole('row').filter({ hasText: '秋のコーヒー10%OFF' })).toContainText('停止');
  });

  // The payout run pays 本店's めぶくコイン balance above the reserve out.
  test('the payout run pays 本店 at the next closing once; /withdrawalInfo shows it scheduled', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/withdrawalInfo');
    // The card lists payouts awaiting their transfer day first (their closing has run), then the next closing.
    const next = page.getByRole('region', { name: '次回の出金予定' }).getByRole('table', { name: '次の締めの見込み' });
    await expect(next).toContainText('振込予定日');
    const closing = /〜\s*(\d{4})\/(\d{2})\/(\d{2})/.exec((await next.textContent()) ?? '');
    expect(closing).not.toBeNull();
    const closingDay = `${closing?.[1]}-${closing?.[2]}-${closing?.[3]}`;
    const runDate = new Date(Date.parse(`${closingDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

    const { stdout } = await admin('payouts', 'run', '--date', runDate);
    expect(stdout).toMatch(/paid {5}めぶくカフェ 本店/);
    expect(stdout).toMatch(/skipped {2}まちのパン屋/);
    const again = await admin('payouts', 'run', '--date', runDate);
    expect(again.stdout).toContain('nothing due');

    await page.goto(`/withdrawalInfo?from=${closingDay}&to=${closingDay}`);
    const row = page.getByRole('table', { name: '出金履歴' }).getByRole('row').nth(1);
    await expect(row).toContainText('予定');
    await expect(row).toContainText('****2345');
    // The closed payout now heads the card, with the list's net amount.
    const net = /振込額\s*([\d,]+)/.exec(
      (await page
        .getByRole('table', { name: '振込待ちの出金（締め済み）' })
        .filter({ hasText: `〜 ${closing?.[1]}/${closing?.[2]}/${closing?.[3]}` })
        .textContent()) ?? '',
    )?.[1];
    expect(net).toBeDefined();
    await expect(row).toContainText(net ?? '');
    // The reserve (支払準備金) stays in the wallet, and so does what waiting refund applications hold
    // (Top says how much beside the balance).
    const balance = await topBalance(page, 'めぶくコイン');
    const heldBadge = page
      .getByRole('region', { name: 'コイン残高' })
      .getByRole('listitem')
      .filter({ hasText: 'めぶくコイン' })
      .getByText(/^返金申請中/);
    const held = (await heldBadge.count()) > 0 ? numberIn((await heldBadge.textContent()) ?? '') : 0;
    expect(balance).toBe(30_000 + held);
  });
});

test.describe('transaction history', () => {
  test('filters and paging live in the URL, and a row opens the drawer with the balance after it', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto(`/transaction?${lastDays(30)}`);
    const table = page.getByRole('table', { name: '取引履歴' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // The period's totals per type sit beside the previous period's.
    const totals = page.getByRole('table', { name: '期間の集計' });
    await expect(totals.getByRole('row').filter({ hasText: TRANSACTION_TYPE_LABELS.PAYMENT }).first()).toBeVisible();
    await expect(totals.getByRole('columnheader', { name: '前期間の合計' })).toBeVisible();

    await page.getByRole('combobox', { name: '種別' }).selectOption({ label: TRANSACTION_TYPE_LABELS.PAYMENT });
    await expect(page).toHaveURL(/type=PAYMENT/);
    // The previous page stays on screen until the filtered one arrives: wait for it.
    const typesShown = async () => [
      ...new Set(await table.getByRole('row').locator('td:nth-child(2)').allInnerTexts()),
    ];
    await expect.poll(typesShown).toEqual([TRANSACTION_TYPE_LABELS.PAYMENT]);

    await page.getByRole('button', { name: '2ページ目', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/全[\d,]+件中 21〜/)).toBeVisible();

    // A reload shows the same list.
    await page.reload();
    await expect(page).toHaveURL(/type=PAYMENT/);
    await expect(page.getByText(/全[\d,]+件中 21〜/)).toBeVisible();

    const row = table.getByRole('row', { name: /^取引 \d+ の詳細を開く$/ }).first();
    const id = /取引 (\d+)/.exec((await row.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    await row.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: '取引の詳細' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(id);
    await expect(drawer.getByRole('table', { name: 'この取引の直後の残高' })).toContainText('めぶくコイン');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('textbox', { name: '取引ID' }).fill(id);
    await page.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(new RegExp(`id=${id}`));
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.getByRole('row', { name: /の詳細を開く$/ })).toHaveCount(1);

    await page.getByRole('tab', { name: '現金取消' }).click();
    await expect(page).toHaveURL(/tab=cashcancel/);
    await expect(page).not.toHaveURL(/type=/);
  });
});

test.describe('downloads', () => {
  test('the report centre streams a Windows-31J CSV named after report, merchant and period', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/download');
    await expect(page.getByRole('radio', { name: /Shift_JIS/ })).toBeChecked();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'ダウンロード', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^histories_${MERCHANTS.main}_\\d{8}-\\d{8}\\.csv$`));
    await expect(page.getByRole('status').filter({ hasText: /を保存しました（[\d,]+行）/ })).toBeVisible();

    const bytes = await readFile(await download.path());
    const text = iconv.decode(bytes, 'cp932');
    // Not UTF-8: the Japanese header reads back only as Windows-31J.
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const [header, ...rows] = text.trimEnd().split('\r\n');
    // The list's column names (取引後残高, 相手先), the transaction id first.
    expect(header?.split(',')).toEqual([...HISTORY_CSV_HEADER]);
    expect(rows.length).toBeGreaterThan(0);
    // 取引ID, 日時 (YYYY/MM/DD HH:mm:ss, Asia/Tokyo), 種別 …
    expect(rows[0]).toMatch(/^\d+,\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2},/);
  });

  test("a list's CSV button downloads with the filters on screen", async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/refund?status=APPROVED&from=2025-01-01');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSVダウンロード' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^refund_applications_${MERCHANTS.main}_20250101-\\d{8}\\.csv$`),
    );
    const text = iconv.decode(await readFile(await download.path()), 'cp932');
    const rows = text.trimEnd().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain(REFUND_STATUS_LABELS.APPROVED);
  });

  test("the CSV button's menu writes UTF-8 with a BOM, and the comments tab downloads only commented rows", async ({
    page,
  }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/transaction?tab=comments&from=2025-01-01');
    await page.getByRole('button', { name: '文字コードを選んでCSVをダウンロード' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /UTF-8/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^comments_${MERCHANTS.main}_20250101-\\d{8}\\.csv$`));
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(header?.split(',')).toEqual([...HISTORY_CSV_HEADER]);
    expect(rows.length).toBeGreaterThan(0);
    // Every row ends in a comment (the last cell is never empty).
    for (const row of rows) expect(row).not.toMatch(/,$/);
  });

  test("a month's fee detail downloads that month's fees and shows the rate history", async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    // The second month's row (the first row is the header); its 税抜, 消費税 and 税込 head the detail too.
    const feeRow = page.getByRole('region', { name: '月次手数料' }).getByRole('row').nth(2);
    const open = feeRow.getByRole('button', { name: /の手数料明細を開く$/ });
    const figures = feeRow.getByRole('cell');
    const [amount, tax, total] = await Promise.all(
      [1, 2, 3].map(async (n) => ((await figures.nth(n).textContent()) ?? '').trim()),
    );
    await open.click();
    const dialog = page.getByRole('dialog');
    const summary = dialog.getByRole('table', { name: '月次手数料' });
    await expect(summary.getByRole('row', { name: `税抜 ${amount}` })).toBeVisible();
    await expect(summary.getByRole('row', { name: `消費税 ${tax}` })).toBeVisible();
    await expect(summary.getByRole('row', { name: `税込 ${total}` })).toBeVisible();
    // The marker is a badge in the rows (the column's header holds the same words, visually hidden).
    const history = dialog.getByRole('table', { name: '手数料率の変更履歴' });
    await expect(history.locator('tbody').getByText('月末時点で適用').first()).toBeVisible();
    await expect(dialog.getByText(/^加盟店の手数料上限額：/)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'CSVダウンロード' }).click();
    const download = await downloading;
    const name = download.suggestedFilename();
    expect(name).toMatch(new RegExp(`^tx_fees_${MERCHANTS.main}_(\\d{6})01-\\1\\d{2}\\.csv$`));
    const text = iconv.decode(await readFile(await download.path()), 'cp932');
    const [header, ...rows] = text.trimEnd().split('\r\n');
    expect(header).toBe('取引ID,日時,種別,コイン,金額,手数料率(bp),手数料');
    expect(rows.length).toBeGreaterThan(0);
    const month = /_(\d{4})(\d{2})01-/.exec(name) ?? [];
    for (const row of rows) expect(row).toMatch(new RegExp(`^\\d+,${month[1]}/${month[2]}/`));
  });
});
