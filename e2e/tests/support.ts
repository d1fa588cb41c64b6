import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokyoDayFrom as tokyoDayOf } from '@coin/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** The same server reached under another hostname; Chromium resolves *.localhost to loopback. */
export const onHost = (host: 'localhost' | 'qr.localhost' | 'app.localhost', path: string) =>
  `http://${host}:${process.env.E2E_PORT}${path}`;

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

/* ---------- staff and accounts: mail read from the server's .eml files ---------- */

/** The file's server writes each mail as an .eml file here (no SMTP_URL in the e2e servers). */
const mailDir = () => join(process.env.E2E_DATA_DIR ?? '', 'mail');

/** A fresh address per test: the walks of a spec file share its server and database. */
export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** RFC 5322 headers of a raw mail, continuation lines unfolded, names in lower case. */
function mailHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A header written as RFC 2047 encoded words (UTF-8, base64), as the subjects of non-ASCII mail are. */
function decodeHeader(value: string): string {
  const words = [...value.matchAll(/=\?UTF-8\?B\?([^?]*)\?=/gi)];
  if (words.length === 0) return value;
  return Buffer.concat(words.map((word) => Buffer.from(word[1] ?? '', 'base64'))).toString('utf8');
}

/** The body of a single-part mail, decoded from base64 or quoted-printable. */
function mailBody(raw: string, headers: Map<string, string>): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  body: string;
  /** The one link of the mail, made relative to the server (path and query). */
  link: string;
}

function readMail(file: string): ReceivedMail {
  const raw = readFileSync(file, 'utf8');
  const headers = mailHeaders(raw);
  const body = mailBody(raw, headers);
  const url = headers.get('x-coin-link') ?? body.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in ${file}`);
  const { pathname, search } = new URL(url);
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    body,
    link: pathname + search,
  };
}

/**
 * The newest mail to `address` (file names sort by time), waiting for it to be written (up to `timeout`,
 * the expect timeout by default). With `after`, only a mail newer than that file counts (a second mail to
 * the same address).
 */
export async function newestMailTo(
  address: string,
  options: { after?: string; timeout?: number } = {},
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const dir = mailDir();
        const files = existsSync(dir)
          ? readdirSync(dir)
              .filter((name) => name.endsWith('.eml'))
              .sort()
              .reverse()
          : [];
        for (const name of files) {
          const file = join(dir, name);
          if (options.after && file <= options.after) break;
          const mail = readMail(file);
          if (mail.to.toLowerCase().includes(address.toLowerCase())) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address}`, ...(options.timeout ? { timeout: options.timeout } : {}) },
    )
    .toBe(true);
  return found!;
}

/** The API as the console calls it (for setting up users; the flows under test go through the UI). */
export async function apiSignIn(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const response = await request.post('/api/sessions/merchant', { data: { email, password, platform: 'web' } });
  expect(response.status(), await response.text()).toBe(200);
  const authorization = response.headers().authorization;
  if (!authorization) throw new Error('sign-in answered no Authorization header');
  return authorization;
}

/**
 * Proves an API sign-in for one change (POST /sessions/current/step_up), for the staff calls a test makes
 * directly; answers the headers of that change (the authorization and the proof).
 */
export async function apiStepUp(
  request: APIRequestContext,
  authorization: string,
  need: { purpose: string; merchantId?: number },
  proof: string | Record<string, string> = PASSWORD,
): Promise<Record<string, string>> {
  const response = await request.post('/api/sessions/current/step_up', {
    headers: { Authorization: authorization },
    data: {
      purpose: need.purpose,
      merchant_id: need.merchantId ?? null,
      ...(typeof proof === 'string' ? { password: proof } : proof),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { step_up_token } = (await response.json()) as { step_up_token: string };
  return { Authorization: authorization, 'Step-Up-Token': step_up_token };
}

/**
 * A new user of 本店 (merchant 1) invited by the owner and activated with `password`, all through the
 * API: for tests of what such a user does next, without touching the demo accounts other tests use.
 * Answers the invitation mail, so a test waiting for the user's next mail can skip it.
 */
export async function createActiveUser(
  request: APIRequestContext,
  options: { email: string; password: string; name?: string; role?: string },
): Promise<ReceivedMail> {
  const authorization = await apiSignIn(request, ACCOUNTS.owner);
  const headers = await apiStepUp(request, authorization, { purpose: 'staff', merchantId: 1 });
  const invited = await request.post('/api/merchants/1/users', {
    headers,
    data: { name: options.name ?? 'E2E 利用者', role: options.role ?? 'Member', email: options.email },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const invitationMail = await newestMailTo(options.email);
  const token = new URL(`http://x${invitationMail.link}`).searchParams.get('token');
  const verified = await request.put(`/api/invitations/merchants/${token}`);
  expect(verified.status(), await verified.text()).toBe(200);
  const invitation = (await verified.json()) as { email_token: string; pass_token: string | null };
  const activated = await request.post('/api/invitations/merchant', {
    data: {
      activate_token: token,
      email_token: invitation.email_token,
      pass_token: invitation.pass_token,
      password: options.password,
    },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  return invitationMail;
}

/** Sign in with any address and password, landing on Top. */
export async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/top$/);
}

/** The Asia/Tokyo day `days` from today, YYYY-MM-DD (the demo's data is dated relative to its start). */
export const tokyoDayFrom = (days: number): string => tokyoDayOf(days);
/** A period over the demo's 13 months of history, up to today. */
export const demoYear = () => `from=${tokyoDayFrom(-395)}&to=${tokyoDayFrom(0)}`;

/**
 * The last `days` days up to today, as a list's query. A list's default period is this month: on the 1st
 * it holds half a day, so a walk that needs rows (a second page, a first row) asks for a period of its own.
 */
export const lastDays = (days: number) => `from=${tokyoDayFrom(-days)}&to=${tokyoDayFrom(0)}`;

/**
 * Trust: the first change of the bank account, staff or the merchant's status in a sign-in asks for the
 * password again (the step-up dialog); the change is then sent again by itself. With `keyboard`, the
 * password is typed into the focused field and sent with Enter.
 */
export async function proveStepUp(page: Page, options: { password?: string; keyboard?: boolean } = {}) {
  const password = options.password ?? PASSWORD;
  const dialog = page.getByRole('dialog', { name: 'パスワードで本人確認' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('パスワード', { exact: true });
  await expect(field).toBeFocused();
  if (options.keyboard) {
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
  } else {
    await field.fill(password);
    await dialog.getByRole('button', { name: '確認して続ける' }).click();
  }
  await expect(dialog).toBeHidden();
}

/** Switches the header's merchant, waiting for the new session and the header to show it. */
export async function switchMerchant(page: Page, name: string) {
  const switched = page.waitForResponse((r) => /\/api\/merchants\/\d+\/sessions/.test(r.url()) && r.ok());
  await page.getByRole('combobox', { name: '加盟店を選択' }).click();
  await page.getByRole('option', { name }).click();
  await switched;
  await expect(page.getByRole('combobox', { name: '加盟店を選択' })).toHaveValue(name);
}
