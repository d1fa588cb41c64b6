import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'demo-password';
export const ACCOUNTS = {
  owner: 'owner@example.com',
  manager: 'manager@example.com',
  managerNoPayment: 'manager-np@example.com',
  member: 'member@example.com',
  noRoles: 'noroles@example.com',
} as const;

export const MERCHANTS = {
  main: 'めぶくカフェ 本店',
  station: 'めぶくカフェ 駅前店',
  bakery: 'まちのパン屋',
} as const;

const port = Number(process.env.E2E_PORT ?? 4317);

/** The same server reached under another hostname; Chromium resolves *.localhost to loopback. */
export const onHost = (host: 'localhost' | 'qr.localhost' | 'app.localhost', path: string) =>
  `http://${host}:${port}${path}`;

export async function signIn(page: Page, email: string, options: { keep?: boolean; query?: string } = {}) {
  await page.goto(`/login${options.query ?? ''}`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  if (options.keep) await page.getByLabel('ログイン状態を保持する').check();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

export async function signInToTop(page: Page, email: string, options: { keep?: boolean } = {}) {
  await signIn(page, email, options);
  await expect(page).toHaveURL(/\/top$/);
  await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'メインメニュー' });

export async function storageKeys(page: Page) {
  return page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
}
