import { join } from 'node:path';
import { REFUND_STATUS_LABELS, TRANSACTION_TYPE_LABELS } from '@coin/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  ACCOUNTS,
  apiSignIn,
  MERCHANTS,
  mainMenu,
  newestMailTo,
  PASSWORD,
  proveStepUp,
  tokyoDayFrom,
  uniqueEmail,
} from './support';

// Issue 15's walk, as a new user would take it on a phone with the keyboard alone: yesterday's sales
// total, part of a payment refunded from its detail, a member invited. Only the first page is opened by
// URL; every later step is a key press, and each control is reached by pressing Tab until it has focus
// (never a count of presses), checking that it is then on screen.
//
// The walk works in 駅前店 (the Owner's second merchant): the money walks of money.spec.ts refund and pay
// out 本店's めぶくコイン, and accounts.spec.ts counts 本店's users. The refund it requests is cancelled at
// the end, again by keyboard.

const PHONE = { width: 390, height: 844 };
/** 駅前店's wallet (see the demo seed). */
const STATION_WALLET = '1100000002';
/** More than any page of this walk has between two of its stops. */
const MAX_PRESSES = 80;

/** WALK_SHOTS=/tmp/walk-shots keeps a screenshot of every step, to be looked at. */
async function shot(page: Page, name: string) {
  const dir = process.env.WALK_SHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) });
}

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement, undefined, { timeout: 5_000 }).catch(() => false);

/** What has focus, for a failure's message. */
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'nothing';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}> ${name}`;
  });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most MAX_PRESSES times; the focused
 * control must then be on screen (a stop off screen is one the user cannot see).
 */
async function tabTo(page: Page, target: Locator, { back = false } = {}) {
  await expect(target).toHaveCount(1);
  for (let presses = 0; presses < MAX_PRESSES && !(await isFocused(target)); presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `focus never reached the target; it is on ${await focusedDescription(page)}`).toBe(
    true,
  );
  await expect(target).toBeInViewport();
}

/** In an open Mantine combobox, ArrowDown until `option` is the active one. */
async function arrowTo(page: Page, combobox: Locator, option: Locator) {
  const id = await option.getAttribute('id');
  for (let presses = 0; presses < 10 && (await combobox.getAttribute('aria-activedescendant')) !== id; presses++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(combobox).toHaveAttribute('aria-activedescendant', id ?? '');
}

/** In a native select, ArrowDown until it holds `value`. */
async function selectByKeys(page: Page, select: Locator, value: string) {
  for (let presses = 0; presses < 20 && (await select.inputValue()) !== value; presses++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(select).toHaveValue(value);
}

/** Opens a page of the phone's side menu: the burger, the link, Enter. */
async function openFromMenu(page: Page, name: string) {
  const burger = page.getByRole('button', { name: 'メニューを開閉' });
  await tabTo(page, burger, { back: true });
  await page.keyboard.press('Enter');
  const link = mainMenu(page).getByRole('link', { name, exact: true });
  await expect(link).toBeInViewport();
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The menu closes and hands focus to the page: not to its link, now off screen, nor to the page's start.
  await expect(link).not.toBeInViewport();
  await expect(page.getByRole('main')).toBeFocused();
}

const numberIn = (text: string) => Number(text.replace(/[^\d-]/g, ''));
const yen = (amount: number) => amount.toLocaleString('ja-JP');

interface HistoryItem {
  transaction_id: number;
  type: string;
  coin_name: string;
  amount: number;
  refundable_remaining?: number;
}

test.use({ viewport: PHONE });

test('with the keyboard alone on a phone: yesterday’s sales, a partial refund from the detail, a member invited', async ({
  page,
}) => {
  // Many steps, each waiting at most the expect timeout; on a loaded CI machine a walk this long runs minutes.
  test.setTimeout(240_000);
  const authorization = await apiSignIn(page.request, ACCOUNTS.owner);
  const histories = async (query: string) => {
    const response = await page.request.get(`/api/wallets/${STATION_WALLET}/histories?${query}&limit=100`, {
      headers: { authorization },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { items: HistoryItem[] }).items;
  };

  /* ---------- sign in ---------- */
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: /ログイン/ })).toBeVisible();
  await tabTo(page, page.getByLabel('メールアドレス'));
  await page.keyboard.type(ACCOUNTS.owner);
  await tabTo(page, page.getByLabel('パスワード', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await shot(page, '01-login');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/top$/);
  await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
  await shot(page, '02-top');

  /* ---------- to 駅前店 with the header's merchant choice ---------- */
  const switcher = page.getByRole('combobox', { name: '加盟店を選択' });
  await tabTo(page, switcher);
  await page.keyboard.press('ArrowDown');
  const station = page.getByRole('option', { name: MERCHANTS.station });
  await expect(station).toBeVisible();
  await arrowTo(page, switcher, station);
  await shot(page, '03-merchant-choice');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${MERCHANTS.station}に切り替えました`)).toBeVisible();
  await expect(switcher).toHaveValue(MERCHANTS.station);
  // Focus stays where the user left it (a field disabled while switching dropped it to the page's start).
  await expect(switcher).toBeFocused();

  /* ---------- the transaction list, yesterday, its 売上 total ---------- */
  await openFromMenu(page, '取引履歴');
  await expect(page).toHaveURL(/\/transaction/);
  const history = page.getByRole('table', { name: '取引履歴', exact: true });
  await expect(history.getByRole('row').nth(1)).toBeVisible();
  // Its rows are cards that fit the phone: the list's scroll box is no Tab stop (its ring would be off screen).
  await expect(history.locator('xpath=ancestor::div[@tabindex="0"]')).toHaveCount(0);
  await shot(page, '04-transaction');

  const calendar = page.getByRole('button', { name: 'カレンダーから期間を選ぶ' });
  await tabTo(page, calendar);
  await page.keyboard.press('Enter');
  const yesterdayPreset = page.getByRole('button', { name: '昨日', exact: true });
  await expect(yesterdayPreset).toBeVisible();
  await tabTo(page, yesterdayPreset);
  await shot(page, '05-period-presets');
  await page.keyboard.press('Enter');
  const yesterday = tokyoDayFrom(-1);
  await expect(page).toHaveURL(new RegExp(`from=${yesterday}&to=${yesterday}`));
  await expect(yesterdayPreset).toBeHidden();
  await expect(calendar).toBeFocused();

  // Yesterday's sales per coin, as the server lists them; the totals card must say the same.
  const sales = new Map<string, { count: number; amount: number }>();
  for (const item of await histories(`type=PAYMENT&start_date=${yesterday}&end_date=${yesterday}`)) {
    const sum = sales.get(item.coin_name) ?? { count: 0, amount: 0 };
    sales.set(item.coin_name, { count: sum.count + 1, amount: sum.amount + item.amount });
  }
  expect(sales.size, `the demo has sales at ${MERCHANTS.station} on ${yesterday}`).toBeGreaterThan(0);
  const totals = page.getByRole('table', { name: '期間の集計' });
  const day = yesterday.replaceAll('-', '/');
  await expect(page.getByText(`${day}〜${day}`).first()).toBeVisible();
  // The card sits below the list: 期間の集計へ beside the filters takes the focus there.
  await tabTo(page, page.getByRole('button', { name: '期間の集計へ' }));
  await page.keyboard.press('Enter');
  await expect(totals).toBeInViewport();
  for (const [coin, { count, amount }] of sales) {
    const row = totals.getByRole('row').filter({ hasText: TRANSACTION_TYPE_LABELS.PAYMENT }).filter({ hasText: coin });
    await expect(row.getByRole('cell').filter({ hasText: /^件数/ })).toHaveText(new RegExp(`^件数\\s*${count}$`));
    await expect(row.getByRole('cell').filter({ hasText: /^合計/ })).toHaveText(
      new RegExp(`^合計\\s*\\+${yen(amount)}$`),
    );
  }
  await shot(page, '06-yesterday-totals');

  /* ---------- a payment's detail, part of it refunded ---------- */
  // The last 30 days' sales, so that a payment with something left to refund is on the first page.
  // Back up to the calendar button (the browser scrolls it into view).
  await tabTo(page, calendar, { back: true });
  await page.keyboard.press('Enter');
  const last30 = page.getByRole('button', { name: '過去30日', exact: true });
  await tabTo(page, last30);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`to=${tokyoDayFrom(0)}`));
  await expect(page).not.toHaveURL(new RegExp(`from=${yesterday}`));
  const typeSelect = page.getByRole('combobox', { name: '種別' });
  await tabTo(page, typeSelect);
  await selectByKeys(page, typeSelect, 'PAYMENT');
  await expect(page).toHaveURL(/type=PAYMENT/);
  const period = new URL(page.url()).searchParams;
  // The newest 20 sales as the list shows them; the first with enough left to refund.
  const payments = (
    await histories(`type=PAYMENT&start_date=${period.get('from')}&end_date=${period.get('to')}`)
  ).slice(0, 20);
  const payment = payments.find((item) => (item.refundable_remaining ?? 0) >= 300);
  expect(payment, `a sale of ${MERCHANTS.station} in the last 30 days with 300 or more left to refund`).toBeDefined();
  const paymentId = payment?.transaction_id ?? 0;
  const remaining = payment?.refundable_remaining ?? 0;
  const row = history.getByRole('row', { name: `取引 ${paymentId} の詳細を開く` });
  await expect(row).toBeVisible();
  await tabTo(page, row);
  await shot(page, '07-payment-row');
  await page.keyboard.press('Enter');

  const detail = page.getByRole('dialog', { name: '取引の詳細' });
  const facts = detail.getByRole('table', { name: '取引の内容' });
  await expect(facts.getByRole('row', { name: /^取引ID/ })).toContainText(String(paymentId));
  await expect(facts.getByRole('row', { name: /^金額/ })).toContainText(yen(payment?.amount ?? 0));
  await expect(facts.getByRole('row', { name: /^返金可能残額/ })).toContainText(yen(remaining));
  await shot(page, '08-payment-detail');
  const refund = detail.getByRole('button', { name: '返金する' });
  await tabTo(page, refund);
  await page.keyboard.press('Enter');
  const form = detail.getByRole('form', { name: '返金の内容' });
  const amount = form.getByRole('textbox', { name: '返金額' });
  await expect(amount).toHaveValue(yen(remaining));
  await tabTo(page, amount);
  await page.keyboard.press('ControlOrMeta+A');
  // Typed as many Japanese users do, in full-width digits.
  await page.keyboard.type('１５０');
  await expect(amount).toHaveValue('150');
  const reason = `一部返品（キーボード ${Date.now().toString(36)}）`;
  await tabTo(page, form.getByRole('textbox', { name: '返金理由（任意）' }));
  await page.keyboard.type(reason);
  await shot(page, '09-refund-form');
  await tabTo(page, form.getByRole('button', { name: '確認', exact: true }));
  await page.keyboard.press('Enter');

  const confirmation = detail.getByRole('region', { name: '申請内容の確認' });
  await expect(confirmation.getByRole('row', { name: /^取引ID/ })).toContainText(String(paymentId));
  await expect(confirmation.getByRole('row', { name: /^返金額/ })).toContainText('150');
  await expect(confirmation.getByRole('row', { name: /^返金理由/ })).toContainText(reason);
  await shot(page, '10-refund-confirm');
  await tabTo(page, confirmation.getByRole('button', { name: '申請する' }));
  await page.keyboard.press('Enter');
  const done = detail.getByRole('status').filter({ hasText: '返金を申請しました' });
  await expect(done).toBeVisible();
  const applicationId = numberIn(/申請ID\s*(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '');
  expect(applicationId).toBeGreaterThan(0);
  await expect(facts.getByRole('row', { name: /^返金可能残額/ })).toContainText(yen(remaining - 150));
  await shot(page, '11-refund-requested');
  await tabTo(page, done.getByRole('button', { name: '閉じる' }));
  await page.keyboard.press('Enter');
  await expect(detail).toBeHidden();
  // Back on the row the detail was opened from.
  await expect(row).toBeFocused();

  /* ---------- the request in the refund list; cancelled again ---------- */
  await openFromMenu(page, '返金一覧');
  const listed = page
    .getByRole('table', { name: '返金一覧' })
    .getByRole('row')
    // On a phone each cell starts with its column's name.
    .filter({ has: page.getByRole('cell', { name: new RegExp(`^(申請ID )?${applicationId}$`) }) });
  await expect(listed).toContainText(REFUND_STATUS_LABELS.REQUESTED);
  await expect(listed).toContainText(reason);
  await expect(listed).toContainText(String(paymentId));
  const cancel = listed.getByRole('button', { name: `取消（返金申請 ${applicationId}）` });
  await tabTo(page, cancel);
  await shot(page, '12-refund-list');
  await page.keyboard.press('Enter');
  const cancelDialog = page.getByRole('dialog', { name: '返金申請を取り消しますか？' });
  await expect(cancelDialog).toContainText(`申請ID ${applicationId}`);
  await tabTo(page, cancelDialog.getByRole('button', { name: '取り消す', exact: true }));
  await page.keyboard.press('Enter');
  await expect(cancelDialog).toBeHidden();
  await expect(listed).toContainText('取消済み');
  // Its 取消 button is gone: the focus is on the page's heading, not lost on the page body.
  await expect(page.getByRole('heading', { level: 1, name: '返金一覧' })).toBeFocused();

  /* ---------- a member invited ---------- */
  await openFromMenu(page, '加盟店ユーザー');
  await expect(page).toHaveURL(/\/merchant\/user$/);
  const users = page.getByRole('table').first();
  await expect(users.getByRole('row').nth(1)).toBeVisible();
  await shot(page, '13-users');
  const invite = page.getByRole('button', { name: '招待する', exact: true });
  await tabTo(page, invite);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /ユーザーを招待/ });
  const name = dialog.getByRole('textbox', { name: '名前' });
  await expect(name).toBeFocused();
  const email = uniqueEmail('keyboard');
  await page.keyboard.type('キーボード 花子');
  const role = dialog.getByRole('combobox', { name: '権限' });
  await tabTo(page, role);
  await selectByKeys(page, role, 'Member');
  await tabTo(page, dialog.getByRole('textbox', { name: 'メールアドレス' }));
  await page.keyboard.type(email);
  await shot(page, '14-invite-form');
  await tabTo(page, dialog.getByRole('button', { name: '招待する', exact: true }));
  await page.keyboard.press('Enter');
  // Staff changes ask for the password once in a sign-in: typed into the focused field, sent with Enter.
  await proveStepUp(page, { keyboard: true });
  await expect(dialog).toBeHidden();
  const invited = users.getByRole('row').filter({ hasText: email });
  await expect(invited).toContainText('キーボード 花子');
  await expect(invited).toContainText('メンバー');
  // The dialog has gone: the focus is back on the button that opened it.
  await expect(invite).toBeFocused();
  await shot(page, '15-invited');
  expect((await newestMailTo(email)).link).toContain('token=');
});
