import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, signInToTop } from './support';

/** Lighthouse's mobile profile, where the stacked cards of /top moved as their answers arrived. */
const MOBILE = { width: 412, height: 823 };

/** The calls of the /top cards (today, all shops, balances, requested refunds, latest payment, fees, sales, notices). */
const CARD_CALLS =
  /\/api\/(wallets\/|notices|sessions\/current\/merchants\/sales_today|merchants\/\d+\/(latest_payment_history|summarized_tx_fees|daily_sales|sales_summary))/;

/** The cards above the last one: how high each is (the last one moves nothing when it grows). */
const STACKED = [
  '本日の売上',
  'すべての店舗',
  'コイン残高',
  '最新の支払い',
  '返金申請中',
  '売上推移（過去30日）',
  '月次手数料',
];

const heights = (page: Page) =>
  page.evaluate((titles) => {
    const byTitle = new Map(
      [...document.querySelectorAll('main section[aria-labelledby]')].map((section) => [
        document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
        section.getBoundingClientRect().height,
      ]),
    );
    return titles.map((title) => [title, Math.round(byTitle.get(title) ?? -1)]);
  }, STACKED);

test.describe('/top on a phone', () => {
  test.use({ viewport: MOBILE });

  // Each card sketches its content at its loaded height (the demo's merchant: three coins, one coin with
  // refunds waiting, twelve fee months, one of the six shown corrected), so nothing below it moves when
  // its answer arrives.
  test('each card is as high while it loads as once it has its answer', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner, { keep: true });
    const cards = page.locator('main section[aria-labelledby]');
    // 本店 has finished setting up: no checklist; the Owner has three shops: all shops at a glance. Eight cards.
    await expect(cards).toHaveCount(8);
    await expect(page.locator('main section[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('img', { name: '売上推移（過去30日）' })).toBeVisible();
    // The issued invoices come on their own call: the demo's corrected month says so before the measure.
    await expect(page.getByText('訂正済み').filter({ visible: true })).toBeVisible();
    const loaded = await heights(page);

    // The same page with the cards' answers held back: every card shows its placeholder.
    await page.route(CARD_CALLS, () => {});
    await page.reload();
    await expect(page.locator('main section[aria-busy="true"]')).toHaveCount(8);
    for (const card of await cards.all()) await expect(card.locator('.mantine-Skeleton-root').first()).toBeVisible();
    expect(await heights(page)).toEqual(loaded);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
