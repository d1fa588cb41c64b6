import { expect, test } from './fixtures';
import { onHost } from './support';

test.describe('intermediary hostnames', () => {
  for (const host of ['qr.localhost', 'app.localhost'] as const) {
    test(`${host} shows the Intermediary page for /merchant/ and /start/`, async ({ page }) => {
      for (const [path, universalLink] of [
        ['/merchant/?merchant_id=1', 'https://app.example.com/merchant?merchant_id=1'],
        ['/start/', 'https://app.example.com/start'],
      ] as const) {
        await page.goto(onHost(host, path));
        await expect(page.getByRole('heading', { level: 1, name: 'アプリを開く' })).toBeVisible();
        // The button is the app's universal link (APP_UNIVERSAL_LINK_BASE, its default here).
        await expect(page.getByRole('link', { name: 'アプリを開く' })).toHaveAttribute('href', universalLink);
      }
    });
  }

  test('localhost shows the not-found page for the same paths', async ({ page }) => {
    for (const path of ['/merchant/', '/start/', '/intermediaryReturnApp/ekyc/']) {
      await page.goto(onHost('localhost', path));
      await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
    }
  });

  test('on qr.localhost a merchant page without a session goes to the QR intermediary with the query', async ({
    context,
  }) => {
    // Bare /merchant and /coupon differ from their intermediary by the trailing slash alone (once a loop).
    // Each in a tab of its own: an intermediary hands over to the app's scheme at once, and that
    // navigation could abort the next page.goto in the same tab (net::ERR_ABORTED, seen on a test clock).
    for (const [from, to] of [
      ['/merchant/user?shop=7', '/merchant/?shop=7'],
      ['/merchant', '/merchant/'],
      ['/coupon', '/coupon/'],
      ['/coupon?coupon_id=3', '/coupon/?coupon_id=3'],
    ] as const) {
      const tab = await context.newPage();
      await tab.goto(onHost('qr.localhost', from));
      await expect(tab).toHaveURL(onHost('qr.localhost', to));
      await expect(tab.getByRole('heading', { level: 1, name: 'アプリを開く' })).toBeVisible();
      await tab.close();
    }
  });

  test('on app.localhost a return-app route hands over to IntermediaryReturnApp', async ({ page }) => {
    await page.goto(onHost('app.localhost', '/ekyc/?result=ok'));
    await expect(page).toHaveURL(onHost('app.localhost', '/intermediaryReturnApp/ekyc/?result=ok'));
  });
});
