import type { APIRequestContext, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, newContext, test } from './fixtures';
import { apiSignIn, apiStepUp, createActiveUser, newestMailTo, proveStepUp, storageKeys, uniqueEmail } from './support';

/*
 * Two-step sign-in (issue 24): the authenticator app enrolled by its QR code's secret, recovery codes,
 * passkeys on Chromium's virtual authenticator, the Owner's requirement of the staff, and a removal behind
 * the step-up. Every walk uses users of its own, so none depends on another before it in the file.
 */

const PERIOD_SECONDS = 30;

/**
 * The authenticator app of a walk: the codes of the enrolled secret. The server takes each time step's code
 * once, so a second code waits (polling the clock, no fixed sleep) until the next step has begun.
 */
class AuthenticatorApp {
  private readonly totp: OTPAuth.TOTP;
  private lastStep = -1;

  constructor(secret: string) {
    this.totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')),
      digits: 6,
      period: PERIOD_SECONDS,
    });
  }

  async code(): Promise<string> {
    await expect
      .poll(() => this.totp.counter(), {
        message: 'the next time step of the authenticator app',
        timeout: (PERIOD_SECONDS + 5) * 1000,
        intervals: [250],
      })
      .toBeGreaterThan(this.lastStep);
    // One instant for both, so the code is of the step recorded.
    const now = Date.now();
    this.lastStep = this.totp.counter({ timestamp: now });
    return this.totp.generate({ timestamp: now });
  }
}

/** The password step of the Login page (the second step, when the account has one, follows on the page). */
async function passwordStep(page: Page, email: string, password: string, options: { keep?: boolean } = {}) {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  if (options.keep) await page.getByLabel('ログイン状態を保持する').check();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

const secondStep = (page: Page) => page.getByRole('region', { name: '2段階認証' });

async function expectTop(page: Page) {
  await expect(page).toHaveURL(/\/top$/);
  await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The signed-in user's /twoStep page, through the user menu. */
async function openTwoStepPage(page: Page) {
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: '2段階認証' }).click();
  await expect(page).toHaveURL(/\/twoStep$/);
  await expect(page.getByRole('heading', { level: 1, name: '2段階認証' })).toBeVisible();
}

/**
 * On /twoStep: 「認証アプリを追加」, the step-up a user without a factor gives with the password, the QR
 * code's secret read from the page, the first code, then the recovery codes shown once, kept and closed.
 */
async function enrolAuthenticatorApp(
  page: Page,
  password: string,
): Promise<{ app: AuthenticatorApp; codes: string[] }> {
  await page.getByRole('button', { name: '認証アプリを追加' }).click();
  await proveStepUp(page, { password });
  const enrolment = page.getByRole('region', { name: '認証アプリの登録' });
  await expect(enrolment.getByRole('img', { name: '認証アプリで読み取るQRコード' })).toBeVisible();
  const secret = (await enrolment.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent()) ?? '';
  const app = new AuthenticatorApp(secret);
  const code = enrolment.getByLabel('確認コード');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await app.code());
  await enrolment.getByRole('button', { name: '確認', exact: true }).click();
  return { app, codes: await keepRecoveryCodes(page) };
}

/** The recovery codes panel: read the ten codes, say they are kept, close it. */
async function keepRecoveryCodes(page: Page): Promise<string[]> {
  const panel = page.getByRole('region', { name: 'リカバリーコードを保管してください' });
  await expect(panel).toBeVisible();
  const items = panel.getByRole('list', { name: 'リカバリーコード一覧' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = await items.allTextContents();
  const close = panel.getByRole('button', { name: '閉じる' });
  await expect(close).toBeDisabled();
  await panel.getByLabel('リカバリーコードを保管しました').check();
  await close.click();
  await expect(panel).toBeHidden();
  return codes;
}

/* ---------- set-up through the API (the flows under test go through the UI) ---------- */

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** The user id of an account without a second factor, and its authorization, by its password. */
async function apiSession(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/sessions/merchant', { data: { email, password, platform: 'web' } });
  const body = await ok<{ identity: { user_id: number } }>(response);
  const authorization = response.headers().authorization;
  if (!authorization) throw new Error(`${email}: no Authorization (has it a second factor?)`);
  return { userId: body.identity.user_id, authorization };
}

/** An account with a second factor signs in through the API: the password, then a recovery code. */
async function apiSignInWithRecoveryCode(request: APIRequestContext, email: string, password: string, code: string) {
  const first = await ok<{ second_step?: { token: string } }>(
    await request.post('/api/sessions/merchant', { data: { email, password, platform: 'web' } }),
  );
  if (!first.second_step) throw new Error(`${email} has no second step`);
  const second = await request.post('/api/sessions/merchant/second_step', {
    data: { token: first.second_step.token, recovery_code: code },
  });
  await ok(second);
  const authorization = second.headers().authorization;
  if (!authorization) throw new Error('the second step answered no Authorization header');
  return authorization;
}

/** Enrols an authenticator app for a user without a factor (password, step-up, secret, first code). */
async function apiEnrolAuthenticatorApp(request: APIRequestContext, email: string, password: string) {
  const { userId, authorization } = await apiSession(request, email, password);
  const headers = await apiStepUp(request, authorization, { purpose: 'totp' }, password);
  const { secret } = await ok<{ secret: string }>(
    await request.post(`/api/identities/${userId}/two_step/totp`, { headers }),
  );
  const app = new AuthenticatorApp(secret);
  const { recovery_codes } = await ok<{ recovery_codes: string[] }>(
    await request.put(`/api/identities/${userId}/two_step/totp`, { headers, data: { code: await app.code() } }),
  );
  return { app, recoveryCodes: recovery_codes };
}

/** みどり文具店: the demo shop of this walk alone (no other walk signs in to it; stationery@ is its Owner). */
const REQUIRING_MERCHANT = { id: 5, owner: 'stationery@example.com' } as const;

/** A new active user of a merchant, invited by its Owner and activated with `password`, all through the API. */
async function inviteActiveUser(
  request: APIRequestContext,
  options: { merchantId: number; inviter: string; email: string; password: string; name: string; role: string },
) {
  const authorization = await apiSignIn(request, options.inviter);
  const headers = await apiStepUp(request, authorization, { purpose: 'staff', merchantId: options.merchantId });
  await ok(
    await request.post(`/api/merchants/${options.merchantId}/users`, {
      headers,
      data: { name: options.name, role: options.role, email: options.email },
    }),
  );
  const mail = await newestMailTo(options.email);
  const token = new URL(`http://x${mail.link}`).searchParams.get('token');
  const invitation = await ok<{ email_token: string; pass_token: string | null }>(
    await request.put(`/api/invitations/merchants/${token}`),
  );
  await ok(
    await request.post('/api/invitations/merchant', {
      data: {
        activate_token: token,
        email_token: invitation.email_token,
        pass_token: invitation.pass_token,
        password: options.password,
      },
    }),
  );
}

test.describe('two-step sign-in', () => {
  test('a user enrols the authenticator app, then signs in with its code and with recovery codes, each once', async ({
    page,
    request,
  }) => {
    // Up to one wait for the app's next time step, on a loaded machine.
    test.slow();
    const email = uniqueEmail('totp');
    const password = 'totp-pass-1';
    await createActiveUser(request, { email, password });

    await passwordStep(page, email, password);
    await expectTop(page);
    await openTwoStepPage(page);
    await expect(page.getByRole('region', { name: '状態' })).toContainText('無効');
    const { app, codes } = await enrolAuthenticatorApp(page, password);
    await expect(page.getByRole('region', { name: '状態' })).toContainText('有効');
    await expect(page.getByText('残りのリカバリーコード: 10')).toBeVisible();
    await signOut(page);

    // Password, then the app's code (of a time step the enrolment did not use), kept signed in.
    await passwordStep(page, email, password, { keep: true });
    const code = secondStep(page).getByLabel('確認コード');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill(await app.code());
    await secondStep(page).getByRole('button', { name: '確認してログイン' }).click();
    await expectTop(page);
    expect((await storageKeys(page)).local).toContain('token');
    await signOut(page);

    // A recovery code instead.
    const [recoveryCode] = codes;
    if (!recoveryCode) throw new Error('no recovery code was shown');
    await passwordStep(page, email, password);
    await secondStep(page).getByRole('button', { name: 'リカバリーコードを使う' }).click();
    await secondStep(page).getByLabel('リカバリーコード').fill(recoveryCode);
    await secondStep(page).getByRole('button', { name: '確認してログイン' }).click();
    await expectTop(page);
    await openTwoStepPage(page);
    await expect(page.getByText('残りのリカバリーコード: 9')).toBeVisible();
    await signOut(page);

    // The same recovery code again is refused, on its field.
    await passwordStep(page, email, password);
    await secondStep(page).getByRole('button', { name: 'リカバリーコードを使う' }).click();
    const field = secondStep(page).getByLabel('リカバリーコード');
    await field.fill(recoveryCode);
    await secondStep(page).getByRole('button', { name: '確認してログイン' }).click();
    await expect(secondStep(page).getByRole('alert')).toHaveText(
      'リカバリーコードが正しくないか、すでに使われています',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a user adds a passkey and signs in with it', async ({ page, request }) => {
    const email = uniqueEmail('passkey');
    const password = 'passkey-pass-1';
    await createActiveUser(request, { email, password });
    // Chromium's virtual authenticator: a platform authenticator that verifies the user by itself.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await passwordStep(page, email, password);
    await expectTop(page);
    await openTwoStepPage(page);
    await page.getByRole('button', { name: 'パスキーを追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'パスキーを追加' });
    const name = dialog.getByLabel('パスキーの名前');
    await expect(name).toHaveValue('このデバイス');
    await name.fill('E2E の端末');
    await dialog.getByRole('button', { name: '追加する' }).click();
    await proveStepUp(page, { password });
    // The account's first factor: its recovery codes, once.
    await keepRecoveryCodes(page);
    const passkeys = page.getByRole('list', { name: '登録済みのパスキー' });
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys).toContainText('E2E の端末');
    await expect(passkeys).toContainText('最終使用日時 未使用');
    await signOut(page);

    await passwordStep(page, email, password);
    await expect(secondStep(page)).toContainText('このアカウントのパスキーで本人確認をしてください。');
    await secondStep(page).getByRole('button', { name: 'パスキーでログイン' }).click();
    await expectTop(page);
    await openTwoStepPage(page);
    await expect(page.getByRole('list', { name: '登録済みのパスキー' })).not.toContainText('最終使用日時 未使用');
  });

  test('the Owner requires two-step sign-in of the staff; a member without it enrols at the next sign-in', async ({
    page,
    browser,
    request,
  }) => {
    // Three users, two browsers, and up to one wait for the app's next time step.
    test.slow();
    const owner = { email: uniqueEmail('require-owner'), password: 'require-owner-1' };
    const member = { email: uniqueEmail('require-member'), password: 'require-member-1' };
    await inviteActiveUser(request, {
      merchantId: REQUIRING_MERCHANT.id,
      inviter: REQUIRING_MERCHANT.owner,
      ...owner,
      name: '必須 オーナー',
      role: 'Owner',
    });
    await inviteActiveUser(request, {
      merchantId: REQUIRING_MERCHANT.id,
      inviter: REQUIRING_MERCHANT.owner,
      ...member,
      name: '必須 メンバー',
      role: 'Member',
    });
    // The Owner has a factor already (else the requirement would stop the Owner too).
    const ownerApp = await apiEnrolAuthenticatorApp(request, owner.email, owner.password);
    // Kept for the API sign-in and step-up that end the requirement, whatever happens in between.
    const [cleanupCode, cleanupProof, stepUpCode] = ownerApp.recoveryCodes;
    if (!cleanupCode || !cleanupProof || !stepUpCode) throw new Error('the Owner has too few recovery codes');

    try {
      await passwordStep(page, owner.email, owner.password);
      await secondStep(page)
        .getByLabel('確認コード')
        .fill(await ownerApp.app.code());
      await secondStep(page).getByRole('button', { name: '確認してログイン' }).click();
      await expectTop(page);
      await page.goto('/merchant/user');
      const card = page.getByRole('region', { name: '2段階認証' });
      const requirement = card.getByRole('switch', { name: 'スタッフに2段階認証を必須にする' });
      await expect(requirement).not.toBeChecked();
      await expect(card.getByText(/^2段階認証を設定していないスタッフ: \d+人$/)).toBeVisible();
      await requirement.click();
      const confirm = page.getByRole('dialog', { name: 'スタッフに2段階認証を必須にしますか？' });
      await confirm.getByRole('button', { name: '必須にする' }).click();
      // The Owner has a factor: the step-up takes it, never the password alone (issue 45); a recovery code
      // proves once.
      const stepUp = page.getByRole('dialog', { name: '本人確認' });
      await expect(stepUp).toContainText('2段階認証の必須設定の変更の前に');
      await expect(stepUp.getByLabel('パスワード', { exact: true })).toHaveCount(0);
      await stepUp.getByRole('button', { name: 'リカバリーコードを使う' }).click();
      await stepUp.getByRole('textbox', { name: 'リカバリーコード' }).fill(stepUpCode);
      await stepUp.getByRole('button', { name: '確認して続ける' }).click();
      await expect(stepUp).toBeHidden();
      await expect(confirm).toBeHidden();
      await expect(requirement).toBeChecked();

      // The member, in a browser of their own, is sent to enrol before using the merchant.
      const memberPage = await (await newContext(browser)).newPage();
      await passwordStep(memberPage, member.email, member.password);
      await expect(memberPage).toHaveURL(/\/twoStep$/);
      // Said once, on the page where it is done: which shop asks, and what an app and a passkey are.
      const required = memberPage.getByRole('alert').filter({ hasText: 'みどり文具店では2段階認証が必須です' });
      await expect(required).toContainText('Google Authenticator');
      await expect(required).toContainText('パスキー: この端末の指紋・顔認証・画面ロックでログインします');
      await expect(required).not.toContainText('アカウント設定で');
      await enrolAuthenticatorApp(memberPage, member.password);
      await expectTop(memberPage);
      // The merchant's calls are answered now: the balances load, with no refusal.
      const balances = memberPage.getByRole('region', { name: 'コイン残高' });
      await expect(balances).toHaveAttribute('aria-busy', 'false');
      await expect(balances.getByRole('alert')).toHaveCount(0);
      await memberPage.context().close();
    } finally {
      // Other walks switch to this merchant: the requirement ends with this one.
      const authorization = await apiSignInWithRecoveryCode(request, owner.email, owner.password, cleanupCode);
      const headers = await apiStepUp(
        request,
        authorization,
        { purpose: 'two_step_policy', merchantId: REQUIRING_MERCHANT.id },
        { recovery_code: cleanupProof },
      );
      await ok(
        await request.put(`/api/merchants/${REQUIRING_MERCHANT.id}/two_step`, { headers, data: { required: false } }),
      );
    }
  });

  test('removing the authenticator app asks for the step-up first, which takes a code', async ({ page, request }) => {
    // Up to two waits for the app's next time step (the sign-in, then the step-up).
    test.slow();
    const email = uniqueEmail('remove-totp');
    const password = 'remove-totp-1';
    await createActiveUser(request, { email, password });
    const { app } = await apiEnrolAuthenticatorApp(request, email, password);

    await passwordStep(page, email, password);
    await secondStep(page)
      .getByLabel('確認コード')
      .fill(await app.code());
    await secondStep(page).getByRole('button', { name: '確認してログイン' }).click();
    await expectTop(page);
    await openTwoStepPage(page);
    await page.getByRole('button', { name: '認証アプリを削除' }).click();
    const confirm = page.getByRole('dialog', { name: '認証アプリを削除しますか？' });
    await expect(confirm).toContainText('パスワードだけでログインできるようになります');
    const refused = page.waitForResponse(
      (r) => r.url().includes('/two_step/totp') && r.request().method() === 'DELETE',
    );
    await confirm.getByRole('button', { name: '削除', exact: true }).click();

    // Nothing is removed before the user has proved themselves again.
    expect((await refused).status()).toBe(403);
    const stepUp = page.getByRole('dialog', { name: '本人確認' });
    await expect(stepUp).toContainText('認証アプリの削除の前に');
    await stepUp.getByRole('textbox', { name: '確認コード' }).fill(await app.code());
    await stepUp.getByRole('button', { name: '確認して続ける' }).click();
    await expect(stepUp).toBeHidden();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('認証アプリを削除しました')).toBeVisible();
    await expect(page.getByRole('region', { name: '状態' })).toContainText('無効');
    await expect(page.getByRole('button', { name: '認証アプリを追加' })).toBeVisible();
  });
});
