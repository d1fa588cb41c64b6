import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, lastDays, signInToTop } from './support';

const PHONE = { width: 390, height: 844 };

/** Whether the element lies wholly inside the window's width (not cut off, not behind a side scroll). */
async function withinWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

// On a 390 px phone the history shows compact two-line rows and the other lists each row as a card of
// label / value lines, the money first; the page never scrolls sideways; the header says who is signed in.
test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('lists keep their amounts and statuses on screen: compact history rows, cards elsewhere', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);

    // The history's rows are compact: time and amount on the first line, type and counterpart under
    // them, so that eight rows fit on a screen.
    await page.goto(`/transaction?${lastDays(30)}`);
    const history = page.getByRole('table', { name: '取引履歴', exact: true });
    const rows = history.getByRole('row');
    await expect(rows.nth(8)).toBeVisible();
    for (let i = 1; i <= 8; i++) {
      const box = await rows.nth(i).boundingBox();
      expect(box?.height ?? Number.POSITIVE_INFINITY, `row ${i}`).toBeLessThan(90);
    }
    const amount = rows
      .nth(1)
      .getByText(/^[+\-−][\d,]+$/)
      .first();
    await expect(amount).toBeVisible();
    expect(await withinWidth(page, amount)).toBe(true);
    // The header row is there for screen readers only.
    await expect(history.getByRole('columnheader', { name: '金額' })).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(`/refund?${lastDays(30)}`);
    const refund = page.getByRole('table').first().getByRole('row').nth(1);
    for (const label of ['状態', '返金額']) {
      const cell = refund.getByRole('cell').filter({ has: page.getByText(label, { exact: true }) });
      await expect(cell).toBeVisible();
      expect(await withinWidth(page, cell), label).toBe(true);
    }
    const badge = refund.locator('.mantine-Badge-label').first();
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the status badge is not cut').toBe(true);

    await page.goto('/withdrawalInfoMerchant');
    const totals = page.getByRole('table', { name: /合計/ }).first();
    const net = totals.getByRole('row').nth(1).getByRole('cell').filter({ hasText: '振込額' });
    await expect(net).toBeVisible();
    expect(await withinWidth(page, net)).toBe(true);
  });

  test('the header names the user, and the user menu says who and in which role', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: /ユーザーメニュー（.+・オーナー）/ });
    await expect(button).toBeVisible();
    const name = (await button.getAttribute('aria-label'))?.match(/（(.+)・/)?.[1] ?? '';
    expect(name).not.toBe('');
    const shown = header.getByText(name, { exact: true });
    await expect(shown).toBeVisible();
    expect(await withinWidth(page, shown)).toBe(true);
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await expect(menu.getByText('オーナー', { exact: true })).toBeVisible();
  });
});

test('on a wide screen a list stays a table: column headers on top, no labels in the cells', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToTop(page, ACCOUNTS.owner);
  await page.goto(`/transaction?${lastDays(30)}`);
  const history = page.getByRole('table', { name: '取引履歴', exact: true });
  await expect(history.getByRole('columnheader', { name: '金額' })).toBeVisible();
  const firstRow = history.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await expect(firstRow.getByText('金額', { exact: true })).toBeHidden();
});
