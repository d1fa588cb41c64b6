import { APP_ROUTES } from '@coin/contract';
import { jpPages } from '../../console/src/i18n/jpPages';
import { expect, test } from './fixtures';
import { ACCOUNTS, signInToTop } from './support';

// Every signed-in page of the route table opens for 本店's Owner (who may open all of them) and shows
// its heading; the fixture fails the walk on any Content-Security-Policy violation along the way.
test('every signed-in page renders under the Content-Security-Policy', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToTop(page, ACCOUNTS.owner);
  const titles: Record<string, string> = jpPages.pages;
  for (const route of APP_ROUTES) {
    await page.goto(route.path);
    await expect(page, route.path).toHaveURL(new RegExp(`${route.path.replace('/', '\\/')}(\\?|$)`));
    await expect(page.getByRole('heading', { level: 1, name: titles[route.name] })).toBeVisible();
  }
});
