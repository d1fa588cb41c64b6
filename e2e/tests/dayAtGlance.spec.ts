import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures';
import { ACCOUNTS, apiSignIn, lastDays, mainMenu, signInToTop, tokyoDayFrom } from './support';

// Issue 25: Top opens on the day at a glance, a new shop is guided through its setup, a payment is found
// by amount and time of day and refunded from its detail, a payment link is shared with the phone's share
// sheet, and Back after signing out shows Login without an error. The walks read every figure from the
// page or the API: the demo's data is dated relative to its start, so today may or may not have sales.

const PHONE = { width: 390, height: 844 };
const GREENGROCER = 'greengrocer@example.com';

const numberIn = (text: string) => Number(text.replace(/[^\d-]/g, ''));
/** Yen as the console writes it: ￥12,345. */
const yen = (amount: number) => new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(amount);
/** Half-width digits as full-width ones, as a Japanese IME types them: 3000 → ３０００. */
const fullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface SalesSummary {
  today: { amount: number; count: number; coins: unknown[] };
  month: { amount: number; coins: unknown[] };
}

/** GET /merchants/1/sales_summary as the Owner. */
async function salesSummary(page: Page): Promise<SalesSummary> {
  const response = await page.request.get('/api/merchants/1/sales_summary', {
    headers: { authorization: await apiSignIn(page.request, ACCOUNTS.owner) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SalesSummary;
}

/** One figure of the day-at-a-glance card: its label, the value under it, the comparison line under that. */
function figure(card: Locator, label: string) {
  const name = card.locator('p', { hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  return {
    name,
    value: name.locator('xpath=following-sibling::p[1]'),
    comparison: name.locator('xpath=following-sibling::p[2]'),
  };
}

/** The day-at-a-glance card's four figures, each with its comparison line. */
async function expectFigures(card: Locator, summary: SalesSummary) {
  const sales = figure(card, '本日の売上');
  await expect(sales.value).toHaveText(yen(summary.today.amount));
  await expect(sales.comparison).toContainText(/^先週の同じ曜日 -?￥[\d,]+/);
  const count = figure(card, '件数');
  await expect(count.value).toHaveText(`${summary.today.count}件`);
  await expect(count.comparison).toContainText(/^先週の同じ曜日 \d+件/);
  const average = figure(card, '客単価');
  await expect(average.value).toHaveText(/^(-?￥[\d,]+|—)$/);
  await expect(average.comparison).toContainText(/^先週の同じ曜日 (-?￥[\d,]+|—)/);
  const month = figure(card, '今月の売上');
  await expect(month.value).toHaveText(yen(summary.month.amount));
  await expect(month.comparison).toContainText(/^先月の同じ期間 -?￥[\d,]+/);
}

/** The x axis's day labels (the chart's lowest texts) lie side by side, none over another. */
async function expectAxisLabelsApart(chart: Locator) {
  const boxes = await chart.locator('svg text').evaluateAll((texts) => {
    const lowest = Math.max(...texts.map((text) => Number(text.getAttribute('y'))));
    return texts
      .filter((text) => Number(text.getAttribute('y')) === lowest)
      .map((text) => {
        const { left, right } = text.getBoundingClientRect();
        return { text: text.textContent ?? '', left, right };
      })
      .sort((a, b) => a.left - b.left);
  });
  expect(boxes.length, 'day labels on the x axis').toBeGreaterThan(1);
  for (let i = 1; i < boxes.length; i++) {
    const [before, after] = [boxes[i - 1], boxes[i]];
    expect(after?.left, `${after?.text} starts after ${before?.text} ends`).toBeGreaterThanOrEqual(before?.right ?? 0);
  }
  const frame = await chart.boundingBox();
  expect(boxes[boxes.length - 1]?.right ?? Infinity).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
}

/** The M/D before a day written M/D in the chart (which ends today, Asia/Tokyo). */
function dayBefore(monthDay: string): string {
  const [month, day] = monthDay.split('/').map(Number) as [number, number];
  const [thisYear, thisMonth] = tokyoDayFrom(0).split('-').map(Number) as [number, number];
  // A December day seen in January is last year's.
  const year = month > thisMonth ? thisYear - 1 : thisYear;
  const before = new Date(Date.UTC(year, month - 1, day - 1));
  return `${before.getUTCMonth() + 1}/${before.getUTCDate()}`;
}

test.describe('Top: the day at a glance', () => {
  test('today, its count and average ticket and this month, as the API sums them; coins a tap away', async ({
    page,
  }) => {
    await signInToTop(page, ACCOUNTS.owner);
    // The first card under the heading (the Owner's shop has finished its setup: no checklist).
    const card = page.getByRole('region', { name: '本日の売上' });
    await expect(page.getByRole('main').locator('section').first()).toHaveAccessibleName('本日の売上');
    const summary = await salesSummary(page);
    await expectFigures(card, summary);

    // The coins behind the total: one line per coin sold this month (none on a month's first hours).
    const coins = card.getByRole('button', { name: 'コイン別の内訳を見る' });
    if (summary.month.coins.length + summary.today.coins.length === 0) {
      await expect(coins).toHaveCount(0);
    } else {
      await expect(coins).toHaveAttribute('aria-expanded', 'false');
      await coins.click();
      const close = card.getByRole('button', { name: 'コイン別の内訳を閉じる' });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      await expect(card.getByRole('table', { name: 'コイン別の売上' })).toBeVisible();
    }
  });

  test("the 30-day chart's slider selects the day before with ←; its day labels never overlap", async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    // A pointer over a day's column selects it: the pointer is moved off the chart (to the header's corner),
    // so that scrolling the chart into view cannot put it under the pointer.
    await page.mouse.move(0, 0);
    const chart = page.getByRole('slider', { name: '日別の売上（左右の矢印キーで日を選べます）' });
    await expect(chart).toBeVisible();
    const readout = /^(\d{1,2}\/\d{1,2}) ￥[\d,]+（\d+件）$/;
    // The selected day's figures are written above the chart (and are the slider's value text).
    const last = (await chart.getAttribute('aria-valuetext')) ?? '';
    expect(last).toMatch(readout);
    await expect(page.getByText(last, { exact: true })).toBeVisible();
    const lastDay = readout.exec(last)?.[1] ?? '';

    await chart.focus();
    await page.keyboard.press('ArrowLeft');
    const previousDay = dayBefore(lastDay);
    await expect(chart).toHaveAttribute(
      'aria-valuetext',
      new RegExp(`^${escapeRegExp(previousDay)} ￥[\\d,]+（\\d+件）$`),
    );
    const shown = (await chart.getAttribute('aria-valuetext')) ?? '';
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    // The figure is the day's in the chart's table (for screen readers): M/D and its sales.
    const amount = /￥[\d,]+/.exec(shown)?.[0] ?? '';
    await expect(
      page.getByRole('table', { name: '売上推移（過去30日）' }).getByRole('row', { name: `${previousDay} ${amount}` }),
    ).toHaveCount(1);

    await expectAxisLabelsApart(chart);
  });

  test('the fees card lists six months; the button shows the rest of them', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    const fees = page.getByRole('region', { name: '月次手数料' });
    const months = fees.getByRole('row').filter({ has: page.getByRole('button', { name: /の手数料明細を開く$/ }) });
    await expect(months.first()).toBeVisible();
    expect(await months.count()).toBeLessThanOrEqual(6);
    const more = fees.getByRole('button', { name: /^過去\d+か月分を表示$/ });
    const all = numberIn((await more.textContent()) ?? '');
    expect(all).toBeGreaterThan(6);
    await more.click();
    await expect(months).toHaveCount(all);
    await expect(fees.getByRole('button', { name: '直近6か月に戻す' })).toBeVisible();
  });
});

test.describe('Top: the day at a glance on a phone', () => {
  test.use({ viewport: PHONE });

  test('the card fits the width: four figures with their comparisons, no sideways scroll', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    const card = page.getByRole('region', { name: '本日の売上' });
    await expect(page.getByRole('main').locator('section').first()).toHaveAccessibleName('本日の売上');
    await expectFigures(card, await salesSummary(page));
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= PHONE.width).toBe(true);
    for (const label of ['本日の売上', '件数', '客単価', '今月の売上']) {
      const value = await figure(card, label).value.boundingBox();
      expect((value?.x ?? 0) + (value?.width ?? Infinity), label).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The 30-day chart is as narrow as the phone, and its day labels still lie apart.
    const chart = page.getByRole('slider', { name: '日別の売上（左右の矢印キーで日を選べます）' });
    await chart.scrollIntoViewIfNeeded();
    await expectAxisLabelsApart(chart);
  });
});

test.describe('a new shop', () => {
  // あかぎ青果店 (merchant 4, a just-signed-up shop): its Owner is in no other merchant. The QR walk ticks a
  // step, so each walk reads the state it starts from on the page, whichever ran before it.

  /** Top's setup checklist, once its answer is shown: the region, its steps, and how many are done. */
  async function checklist(page: Page) {
    const setup = page.getByRole('region', { name: 'お店の準備' });
    await expect(setup).toBeVisible();
    const steps = setup.getByRole('listitem');
    await expect(steps).toHaveCount(4);
    const progress = setup.getByText(/^\d+ \/ 4 完了$/);
    const done = numberIn(((await progress.textContent()) ?? '').split('/')[0] ?? '');
    const step = (title: string) => steps.filter({ hasText: title });
    const isDone = async (title: string) => (await step(title).getByText('未完了', { exact: true }).count()) === 0;
    return { setup, steps, progress, done, step, isDone };
  }

  test('Top lists the four setup steps, each not done linked to its page; opening without an account warns', async ({
    page,
  }) => {
    await signInToTop(page, GREENGROCER);
    const { steps, done, step, isDone } = await checklist(page);
    await expect(steps.getByText('完了', { exact: true })).toHaveCount(done);
    await expect(steps.getByText('未完了', { exact: true })).toHaveCount(4 - done);
    const links: [title: string, link: string, path: string][] = [
      ['加盟店情報を入力する', '加盟店情報を入力する', '/merchant'],
      ['お店の画像を登録する', '画像を登録する', '/merchant'],
      ['振込先口座を登録する', '振込先口座を登録する', '/merchant/bankAccount'],
      ['支払い用QRコードのポスターを印刷する', 'QRコードのページを開く', '/qrcode'],
    ];
    for (const [title, link, path] of links) {
      if (await isDone(title)) {
        await expect(step(title).getByRole('link')).toHaveCount(0);
      } else {
        await expect(step(title).getByRole('link', { name: link })).toHaveAttribute('href', path);
      }
    }
    const noAccount = !(await isDone('振込先口座を登録する'));

    // Opening for business before a payout account is registered: the confirm step says so first.
    await page.goto('/merchant');
    const status = page.getByRole('region', { name: '営業状態' });
    await expect(status.getByText('休業中', { exact: true })).toBeVisible();
    await status.getByRole('button', { name: '営業を再開する' }).click();
    const dialog = page.getByRole('dialog', { name: '営業を再開しますか？' });
    await expect(dialog).toContainText('営業中にすると、お客様がアプリでこの加盟店に支払いできるようになります。');
    if (noAccount) {
      await expect(dialog.getByText('振込先口座が登録されていません')).toBeVisible();
      await expect(dialog).toContainText('振込先口座を登録するまで売上は出金されません');
    }
    // Cancelled: the shop stays closed.
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();
    await expect(status.getByText('休業中', { exact: true })).toBeVisible();
  });

  test("the QR poster's first download ticks its step on Top", async ({ page }) => {
    await signInToTop(page, GREENGROCER);
    const before = await checklist(page);
    const title = '支払い用QRコードのポスターを印刷する';
    // This file's server started from the seed, where the shop has not downloaded its poster yet.
    expect(await before.isDone(title)).toBe(false);
    await before.step(title).getByRole('link', { name: 'QRコードのページを開く' }).click();
    await expect(page).toHaveURL(/\/qrcode$/);
    await expect(page.getByRole('heading', { level: 1, name: 'QRコード' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'A4ポスター（PDF）' }).click();
    const poster = await downloading;
    expect((await readFile(await poster.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByText(`${poster.suggestedFilename()} を保存しました`)).toBeVisible();

    // Back on Top (through the menu, in the same page): the step is done, and counted.
    await mainMenu(page).getByRole('link', { name: 'トップ' }).click();
    await expect(page).toHaveURL(/\/top$/);
    const qrStep = before.step(title);
    await expect(qrStep.getByText('完了', { exact: true })).toBeVisible();
    await expect(qrStep.getByRole('link')).toHaveCount(0);
    await expect(before.progress).toHaveText(`${before.done + 1} / 4 完了`);
  });
});

test.describe('a payment found by amount and time of day', () => {
  test('the Owner filters the history to a payment and its detail offers the refund; a Manager is told to ask', async ({
    page,
    browser,
  }) => {
    // Taps from Top to the refund button, a user starting from Top (desktop, the menu always shown):
    // 取引履歴 (1), 金額・時刻で絞り込む (2), 金額 (3, typed), 時刻（から） (4, typed), 時刻（まで） (5, typed),
    // 適用 (6), the row (7), 返金する (8) — 8 taps; 6 with the amount alone (no time fields), and 5 if the
    // amount is sent with Enter. This walk opens the list over the last 30 days by its URL instead of 取引履歴
    // (this month's list is half a day long on the 1st).
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto(`/transaction?type=PAYMENT&${lastDays(30)}`);
    const history = page.getByRole('table', { name: '取引履歴', exact: true });
    // The newest payment in めぶくコイン (a coin that takes refunds; the demo's payments are mostly in it).
    const first = history
      .getByRole('row', { name: /^取引 \d+ の詳細を開く$/ })
      .filter({ hasText: 'めぶくコイン' })
      .first();
    await expect(first).toBeVisible();
    const id = /取引 (\d+)/.exec((await first.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    // The cells also hold their column's name, for a phone's card layout (hidden here): read the figures.
    const signed = (await first.getByText(/^\+[\d,]+$/).textContent()) ?? '';
    const amount = numberIn(signed);
    expect(amount).toBeGreaterThan(0);
    const time = /\d{4}\/\d{2}\/\d{2} (\d{2}:\d{2})/.exec((await first.textContent()) ?? '')?.[1] ?? '';
    expect(time).not.toBe('');

    const toggle = page.getByRole('button', { name: '金額・時刻で絞り込む', exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('form', { name: '金額・時刻の条件' });
    await expect(panel.getByRole('radio', { name: 'ちょうど' })).toBeChecked();
    const amountField = panel.getByRole('textbox', { name: '金額', exact: true });
    await amountField.fill(fullWidth(String(amount)));
    await expect(amountField).toHaveValue(amount.toLocaleString('ja-JP'));
    await panel.getByLabel('時刻（から）').fill(time);
    await panel.getByLabel('時刻（まで）').fill(time);
    await panel.getByRole('button', { name: '適用' }).click();

    await expect(page).toHaveURL(new RegExp(`amount=${amount}(&|$)`));
    await expect(page).toHaveURL(/timeFrom=/);
    await expect(page.getByRole('button', { name: '金額・時刻で絞り込む（2件の条件を適用中）' })).toBeVisible();
    const row = history.getByRole('row', { name: `取引 ${id} の詳細を開く` });
    await expect(row).toBeVisible();
    // The previous list stays on screen until the filtered one arrives: wait for every row to be the amount.
    const amountsShown = async () =>
      [...new Set(await history.getByRole('row').locator('td:nth-child(4)').allInnerTexts())].map((text) =>
        text.replace(/^金額\s*/, '').trim(),
      );
    await expect.poll(amountsShown).toEqual([signed]);

    await row.click();
    const drawer = page.getByRole('dialog', { name: '取引の詳細' });
    const facts = drawer.getByRole('table', { name: '取引の内容' });
    await expect(facts.getByRole('row', { name: /^取引ID/ })).toContainText(id);
    await expect(facts.getByRole('row', { name: /^返金可能残額/ })).toContainText(/[\d,]+/);
    await expect(drawer.getByRole('button', { name: '返金する' })).toBeVisible();

    // The Manager sees the same payment, and is told who may refund it.
    const context = await newContext(browser);
    const other = await context.newPage();
    await signInToTop(other, ACCOUNTS.manager);
    await other.goto(`/transaction?type=PAYMENT&id=${id}&${lastDays(30)}`);
    await other
      .getByRole('table', { name: '取引履歴', exact: true })
      .getByRole('row', { name: `取引 ${id} の詳細を開く` })
      .click();
    const managerDrawer = other.getByRole('dialog', { name: '取引の詳細' });
    await expect(managerDrawer.getByRole('table', { name: '取引の内容' })).toContainText(id);
    await expect(managerDrawer.getByText(/^返金の申請はオーナーのみ行えます。/)).toBeVisible();
    await expect(managerDrawer.getByRole('button', { name: '返金する' })).toHaveCount(0);
    await context.close();
  });
});

test.describe('payment links', () => {
  test("a link's 共有 button opens the share sheet with its URL; without one only コピー shows", async ({
    page,
    browser,
  }) => {
    // A browser with a share sheet (a phone's): navigator.share records what it was given.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { sharedForTest: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          shared.push(data);
        },
      });
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    });
    await signInToTop(page, ACCOUNTS.owner);
    // The demo's links were made over the past months: the last 30 days hold at least one.
    await page.goto(`/urlPayment?${lastDays(30)}`);
    const links = page.getByRole('table', { name: '支払いリンク一覧' });
    const shareName = /^「(.+)」のURLを共有$/;
    const row = links
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: shareName }) })
      .first();
    const share = row.getByRole('button', { name: shareName });
    await expect(share).toBeVisible();
    const description = shareName.exec((await share.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    const url = ((await row.getByText(/^https?:\/\//).textContent()) ?? '').trim();
    expect(url).not.toBe('');
    await expect(row.getByRole('button', { name: `「${description}」のURLをコピー` })).toBeVisible();

    await share.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedForTest: ShareData[] }).sharedForTest))
      .toEqual([expect.objectContaining({ url: expect.stringContaining(url), title: description })]);

    // A browser without a share sheet (this desktop Chromium): コピー only.
    const context = await newContext(browser);
    const plain = await context.newPage();
    await signInToTop(plain, ACCOUNTS.owner);
    await plain.goto(`/urlPayment?${lastDays(30)}`);
    const plainLinks = plain.getByRole('table', { name: '支払いリンク一覧' });
    await expect(plainLinks.getByRole('button', { name: `「${description}」のURLをコピー` }).first()).toBeVisible();
    await expect(plainLinks.getByRole('button', { name: /のURLを共有$/ })).toHaveCount(0);
    await context.close();
  });
});

test.describe('signing out', () => {
  test('Back after signing out shows Login, without saying the sign-in failed', async ({ page }) => {
    // The logout leaves a note in sessionStorage: the Login page Back leads to is no failed sign-in.
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/transaction');
    await expect(page.getByRole('heading', { level: 1, name: '取引履歴' })).toBeVisible();
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: '加盟店管理画面にログイン' })).toBeVisible();

    // Back returns to the history's address; signed out, the guard sends it on to Login.
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1, name: '加盟店管理画面にログイン' })).toBeVisible();
    await expect(page.getByLabel('メールアドレス')).toBeVisible();
    await expect(page.getByText('認証エラーです')).toBeHidden();
  });
});
