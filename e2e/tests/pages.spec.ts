import AxeBuilder from '@axe-core/playwright';
import { APP_ROUTES } from '@coin/contract';
import { jpPages } from '../../console/src/i18n/jpPages';
import { expect, test } from './fixtures';
import { ACCOUNTS, lastDays, signInToTop } from './support';

// Every signed-in page of the route table opens for 本店's Owner (who may open all of them) and shows
// its heading; the fixture fails the walk on any Content-Security-Policy violation along the way, and
// axe (WCAG 2.2 AA rules) finds no serious or critical problem on any of them.
test('every signed-in page renders under the Content-Security-Policy, without serious accessibility problems', async ({
  page,
}) => {
  // 25 pages and 3 dialogs, each axe-checked: 2.3 min on a quiet 2-core machine, 4.5 min with three other
  // suites beside it (a run that hit the old 240 s limit).
  test.setTimeout(600_000);
  await signInToTop(page, ACCOUNTS.owner);
  const titles: Record<string, string> = jpPages.pages;
  const problems: string[] = [];
  for (const route of APP_ROUTES) {
    await page.goto(route.path);
    await expect(page, route.path).toHaveURL(new RegExp(`${route.path}(\\?|$)`));
    // A full load of the page: on CI's loaded machine one took more than the 10 s of an expect (its chunks
    // and first calls wait for cores beside the other worker's walk and operator commands). When it does
    // not come, the failure says what the page showed instead.
    await expect(page.getByRole('heading', { level: 1, name: titles[route.name] }))
      .toBeVisible({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        const shown = await page.locator('h1, h2, [role="alert"]').allInnerTexts();
        throw new Error(`${route.path} showed: ${shown.join(' / ') || '(no heading)'}\n${String(error)}`);
      });
    // axe reads the page as it settles: a part still loading or rendering its answer (aria-busy) may be
    // dimmed for that moment.
    await expect(page.locator('[aria-busy="true"]'), route.path).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    for (const violation of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(
        `${route.path} ${violation.id} (${violation.impact}): ${violation.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
      );
    }
  }

  // Dialogs, open: the invitation form, a refund's cancel confirmation, the open/closed confirmation.
  const dialogs: { path: string; open: string; name: RegExp }[] = [
    { path: '/merchant/user', open: '招待する', name: /ユーザーを招待/ },
    // The requested refunds of the last 30 days: this month's may be none on the 1st.
    { path: `/refund?${lastDays(30)}`, open: '取消（返金申請', name: /返金/ },
    { path: '/merchant', open: '休業にする', name: /休業/ },
  ];
  for (const dialog of dialogs) {
    await page.goto(dialog.path);
    await page.getByRole('button', { name: dialog.open }).first().click();
    await expect(page.getByRole('dialog', { name: dialog.name })).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    for (const violation of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(
        `${dialog.path} (dialog) ${violation.id} (${violation.impact}): ${violation.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
      );
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: dialog.name })).toBeHidden();
  }
  expect(problems).toEqual([]);
});
