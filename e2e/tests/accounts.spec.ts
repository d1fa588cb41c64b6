import type { Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures';
import {
  ACCOUNTS,
  apiSignIn,
  apiStepUp,
  createActiveUser,
  mainMenu,
  newestMailTo,
  proveStepUp,
  signInToTop,
  signInWith,
  uniqueEmail,
} from './support';

const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test.describe('staff and accounts', () => {
  test('an invited user follows the mailed link, sets a password and signs in with the invited role', async ({
    page,
    browser,
  }) => {
    // Two browsers through six pages: more than the default 30 s on a loaded 2-core machine.
    test.slow();
    const email = uniqueEmail('invite');
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/merchant/user');
    await expect(page.getByRole('heading', { level: 1, name: '加盟店ユーザー' })).toBeVisible();

    await page.getByRole('button', { name: '招待する' }).click();
    const dialog = page.getByRole('dialog', { name: 'ユーザーを招待' });
    await dialog.getByLabel('名前').fill('招待 太郎');
    await dialog.getByRole('combobox', { name: '権限' }).selectOption({ label: 'マネージャー' });
    await dialog.getByLabel('メールアドレス').fill(email);
    await dialog.getByRole('button', { name: '招待する' }).click();
    await proveStepUp(page);
    await expect(dialog).toBeHidden();
    await expect(userRow(page, email)).toContainText('招待中');
    await expect(userRow(page, email)).toContainText('マネージャー');

    const mail = await newestMailTo(email);
    expect(mail.subject).not.toBe('');
    expect(mail.link).toMatch(/^\/mu\?token=/);

    // The invited user, in a browser of their own.
    const invitee = await (await newContext(browser)).newPage();
    await invitee.goto(mail.link);
    await expect(invitee.getByRole('heading', { name: '加盟店ユーザーの確認' })).toBeVisible();
    await expect(invitee.getByRole('table')).toContainText('めぶくカフェ 本店');
    await expect(invitee.getByRole('table')).toContainText('マネージャー');
    await expect(invitee.getByRole('table')).toContainText(email);
    await invitee.getByRole('button', { name: '次へ' }).click();
    await expect(invitee).toHaveURL(/\/mu\/invitations\?/);

    const password = 'invited-pass-1';
    await invitee.getByLabel('パスワード', { exact: true }).fill(password);
    await invitee.getByLabel('パスワード（確認）').fill('another-pass');
    await invitee.getByRole('button', { name: '登録する' }).click();
    await expect(invitee.getByText('パスワードが一致しません')).toBeVisible();
    await invitee.getByLabel('パスワード（確認）').fill(password);
    await invitee.getByRole('button', { name: '登録する' }).click();
    await expect(invitee.getByText('登録が完了しました')).toBeVisible();

    await invitee.getByRole('link', { name: 'ログイン画面へ' }).click();
    await signInWith(invitee, email, password);
    await expect(invitee.getByText('マネージャー', { exact: true }).first()).toBeVisible();

    // The owner's list now shows the user active.
    await page.reload();
    await expect(userRow(page, email)).toContainText('有効');

    // (4) The invitation link, once used, tells so.
    await invitee.goto(mail.link);
    await expect(invitee.getByRole('heading', { name: 'すでに使用されたリンクです' })).toBeVisible();
    await expect(invitee.getByText('この招待はすでに受け入れられています')).toBeVisible();
  });

  test('a forgotten password is reset through the mailed link, and the link works once', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    const invitation = await createActiveUser(request, { email, password: 'first-pass-1' });

    await page.goto('/login');
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await expect(page).toHaveURL(/\/forget$/);
    // The URL changes before the page's chunk has loaded, and until then Login (with its own
    // メールアドレス field) stays on screen: wait for the /forget page itself.
    await expect(page.getByRole('heading', { name: 'パスワードの再設定申請' })).toBeVisible();
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText('メールを送信しました')).toBeVisible();

    // The reset mail goes out after /forget has answered: wait for the one after the invitation.
    const mail = await newestMailTo(email, { after: invitation.file });
    expect(mail.link).toMatch(/^\/mu\/password\/reset\?token=/);
    await page.goto(mail.link);
    await expect(page.getByRole('heading', { name: 'パスワード再設定' })).toBeVisible();
    await page.getByLabel('パスワード', { exact: true }).fill('short');
    await page.getByLabel('パスワード（確認）').fill('short');
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('パスワードは8文字以上で入力してください')).toBeVisible();
    // The failed submit leaves the focus on the first invalid field, its error read with it.
    const newPassword = page.getByLabel('パスワード', { exact: true });
    await expect(newPassword).toBeFocused();
    await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(newPassword).toHaveAccessibleDescription(/パスワードは8文字以上で入力してください/);
    await page.getByLabel('パスワード', { exact: true }).fill('second-pass-2');
    await page.getByLabel('パスワード（確認）').fill('second-pass-2');
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('パスワードを再設定しました')).toBeVisible();

    // (4) The same link again: the used-link page.
    await page.goto(mail.link);
    await page.getByLabel('パスワード', { exact: true }).fill('third-pass-3');
    await page.getByLabel('パスワード（確認）').fill('third-pass-3');
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByRole('heading', { name: 'すでに使用されたリンクです' })).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill('first-pass-1');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません');
    await signInWith(page, email, 'second-pass-2');
  });

  test('an invited address that never set a password gets the first-password link from /forget', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('init');
    const authorization = await apiSignIn(request, ACCOUNTS.owner);
    const headers = await apiStepUp(request, authorization, { purpose: 'staff', merchantId: 1 });
    const invited = await request.post('/api/merchants/1/users', {
      headers,
      data: { name: '初期 設定', role: 'Member', email },
    });
    expect(invited.status()).toBe(200);
    const invitation = await newestMailTo(email);

    await page.goto('/forget');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText('メールを送信しました')).toBeVisible();
    const mail = await newestMailTo(email, { after: invitation.file });
    expect(mail.link).toMatch(/^\/mu\/init\?token=/);
    await page.goto(mail.link);
    await expect(page.getByRole('heading', { name: 'アカウントの初期設定' })).toBeVisible();
    await page.getByLabel('パスワード', { exact: true }).fill('init-pass-1');
    await page.getByLabel('パスワード（確認）').fill('init-pass-1');
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('パスワードを設定しました')).toBeVisible();
  });

  test('/forget answers the same for an unknown address and sends nothing', async ({ page }) => {
    const email = uniqueEmail('unknown');
    await page.goto('/forget');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText('メールを送信しました')).toBeVisible();
    // Nothing arrives: a reset mail is sent within RESET_MAIL_DELAY_MS (2 s) of the request, so waiting
    // five times that long shows there is none.
    await expect(newestMailTo(email, { timeout: 10_000 })).rejects.toThrow();
  });

  test('an email change takes effect when the link mailed to the new address is followed', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('change-from');
    const newEmail = uniqueEmail('change-to');
    const password = 'change-pass-1';
    await createActiveUser(request, { email, password });

    await signInWith(page, email, password);
    await page.goto('/changeEmail');
    await expect(page.getByLabel('現在のメールアドレス')).toHaveValue(email);
    await page.getByLabel('現在のパスワード').fill('wrong-password');
    await page.getByLabel('新しいメールアドレス', { exact: true }).fill(newEmail);
    await page.getByLabel('新しいメールアドレス（確認）').fill(newEmail);
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText('現在のパスワードが正しくありません')).toBeVisible();
    await expect(page.getByLabel('新しいメールアドレス', { exact: true })).toHaveValue(newEmail);
    await page.getByLabel('現在のパスワード').fill(password);
    await page
      .getByLabel('新しいメールアドレス（確認）')
      .fill(newEmail.toUpperCase().replace('@EXAMPLE.COM', '@x.com'));
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText('メールアドレスが一致しません')).toBeVisible();
    await page.getByLabel('新しいメールアドレス（確認）').fill(newEmail);
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${newEmail} に確認メールを送信しました` })).toBeVisible();
    // Unchanged until the link is followed.
    await page.reload();
    await expect(page.getByLabel('現在のメールアドレス')).toHaveValue(email);

    const mail = await newestMailTo(newEmail);
    expect(mail.link).toMatch(/^\/email\/verify\?token=/);
    await page.goto(mail.link);
    await expect(page.getByText('メールアドレスを確認しました')).toBeVisible();
    await expect(page.getByText(newEmail)).toBeVisible();

    await page.goto(mail.link);
    await expect(page.getByRole('heading', { name: 'すでに使用されたリンクです' })).toBeVisible();

    await page.goto('/changeEmail');
    await expect(page.getByLabel('現在のメールアドレス')).toHaveValue(newEmail);
  });

  test('a password change needs the current password', async ({ page, request }) => {
    const email = uniqueEmail('change-pass');
    await createActiveUser(request, { email, password: 'old-pass-1' });
    await signInWith(page, email, 'old-pass-1');
    await page.goto('/changePassword');
    await page.getByLabel('現在のパスワード').fill('wrong-pass');
    await page.getByLabel('新しいパスワード', { exact: true }).fill('new-pass-22');
    await page.getByLabel('新しいパスワード（確認）').fill('new-pass-22');
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByText('現在のパスワードが正しくありません')).toBeVisible();
    // What was typed stays.
    await expect(page.getByLabel('新しいパスワード', { exact: true })).toHaveValue('new-pass-22');
    await page.getByLabel('現在のパスワード').fill('old-pass-1');
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'パスワードを変更しました' })).toBeVisible();
    // The session survives the change; a new sign-in needs the new password.
    await page.goto('/top');
    await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
  });

  test('unknown and missing tokens get the invalid-link page', async ({ page }) => {
    await page.goto('/mu?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: '無効なリンクです' })).toBeVisible();
    await page.goto('/email/verify');
    await expect(page.getByRole('heading', { name: '無効なリンクです' })).toBeVisible();
    await page.goto('/mu/invitations?activate_token=x');
    await expect(page.getByRole('heading', { name: '無効なリンクです' })).toBeVisible();
  });

  test('the owner sees every status of the demo users, and the last owner cannot be demoted', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/merchant/user');
    for (const status of ['有効', '利用停止中', '招待中', '招待期限切れ', '解約済み']) {
      await expect(page.getByRole('table').getByText(status, { exact: true }).first()).toBeVisible();
    }
    await expect(userRow(page, 'invited-expired@example.com')).toContainText('招待期限切れ');
    await expect(userRow(page, 'suspended@example.com')).toContainText('利用停止中');
    // No address of record for 本店: address and status come from the identity lookup (§4).
    await expect(userRow(page, 'no-email-of-record@example.com')).toContainText('メール確認済み');

    // The owner's own row: edit only (no suspend), and demoting the only Owner is refused.
    const own = userRow(page, ACCOUNTS.owner);
    await expect(own.getByRole('button', { name: '利用停止' })).toHaveCount(0);
    await own.getByRole('button', { name: '編集' }).click();
    const dialog = page.getByRole('dialog', { name: 'ユーザー情報の編集' });
    await dialog.getByRole('combobox', { name: '権限' }).selectOption({ label: 'メンバー' });
    await dialog.getByRole('button', { name: '保存する' }).click();
    await proveStepUp(page);
    await expect(dialog.getByRole('alert')).toContainText('有効なオーナーがいなくなるため');
    await expect(dialog.getByRole('combobox', { name: '権限' })).toHaveValue('Member');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(own).toContainText('オーナー');
  });
});

test.describe('the owner manages users', () => {
  test('resending an invitation mails a new link and the old one stops working', async ({ page, browser }) => {
    test.slow(); // two browsers, two mails, four pages
    const email = uniqueEmail('resend');
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/merchant/user');
    await page.getByRole('button', { name: '招待する' }).click();
    const dialog = page.getByRole('dialog', { name: 'ユーザーを招待' });
    await dialog.getByLabel('名前').fill('再送 花子');
    await dialog.getByLabel('メールアドレス').fill(email);
    await dialog.getByRole('button', { name: '招待する' }).click();
    await proveStepUp(page);
    await expect(userRow(page, email)).toContainText('招待中');
    const first = await newestMailTo(email);

    // The same address twice is refused, in Japanese, with the form kept.
    await page.getByRole('button', { name: '招待する' }).click();
    await dialog.getByLabel('名前').fill('重複 次郎');
    await dialog.getByLabel('メールアドレス').fill(email);
    await dialog.getByRole('button', { name: '招待する' }).click();
    // Each staff change asks for a proof of its own (issue 45).
    await proveStepUp(page);
    await expect(dialog.getByText('このメールアドレスはすでに登録されています')).toBeVisible();
    await expect(dialog.getByLabel('名前')).toHaveValue('重複 次郎');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();

    await userRow(page, email).getByRole('button', { name: '招待を再送' }).click();
    const confirm = page.getByRole('dialog', { name: '招待メールの再送' });
    await expect(confirm).toContainText(email);
    // The proof made for the refused invitation was given back: the resend, a staff change too, uses it.
    await confirm.getByRole('button', { name: '招待を再送' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`${email} に招待メールを再送しました`)).toBeVisible();
    const second = await newestMailTo(email, { after: first.file });
    expect(second.link).not.toBe(first.link);

    const invitee = await (await newContext(browser)).newPage();
    await invitee.goto(first.link);
    await expect(invitee.getByRole('heading', { name: '無効なリンクです' })).toBeVisible();
    await invitee.goto(second.link);
    await expect(invitee.getByRole('button', { name: '次へ' })).toBeVisible();
  });

  test('suspending and reactivating a user asks for confirmation; the suspended user is signed out', async ({
    page,
    request,
    browser,
  }) => {
    // Two browsers signed in, a step-up, four dialogs: over a minute on a loaded 2-core machine.
    test.slow();
    const email = uniqueEmail('suspend');
    await createActiveUser(request, { email, password: 'suspend-pass-1', name: '停止 三郎' });
    // The user is signed in elsewhere while the owner suspends them.
    const user = await (await newContext(browser)).newPage();
    await signInWith(user, email, 'suspend-pass-1');
    await signInToTop(page, ACCOUNTS.owner);
    await page.goto('/merchant/user');
    const row = userRow(page, email);
    await expect(row).toContainText('有効');

    await row.getByRole('button', { name: '利用停止' }).click();
    const suspend = page.getByRole('dialog', { name: 'ユーザーの利用停止' });
    await suspend.getByRole('button', { name: 'キャンセル' }).click();
    await expect(row).toContainText('有効');
    await row.getByRole('button', { name: '利用停止' }).click();
    await suspend.getByRole('button', { name: '利用停止' }).click();
    await proveStepUp(page);
    await expect(row).toContainText('利用停止中');
    // Their next step ends the sign-in: Login with authError, not a page of refusals.
    await mainMenu(user).getByRole('link', { name: '取引履歴' }).click();
    await expect(user).toHaveURL(/\/login\?authError=true$/);
    await expect(user.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();

    await row.getByRole('button', { name: '利用再開' }).click();
    await page.getByRole('dialog', { name: 'ユーザーの利用再開' }).getByRole('button', { name: '利用再開' }).click();
    await proveStepUp(page);
    await expect(row).toContainText('有効');

    await row.getByRole('button', { name: '編集' }).click();
    const edit = page.getByRole('dialog', { name: 'ユーザー情報の編集' });
    await edit.getByLabel('名前').fill('');
    await edit.getByRole('button', { name: '保存する' }).click();
    await expect(edit.getByText('名前を入力してください')).toBeVisible();
    await edit.getByLabel('名前').fill('停止 四郎');
    await edit.getByRole('combobox', { name: '権限' }).selectOption({ label: 'マネージャー（支払不可）' });
    await edit.getByRole('button', { name: '保存する' }).click();
    await proveStepUp(page);
    await expect(row).toContainText('停止 四郎');
    await expect(row).toContainText('マネージャー（支払不可）');
  });
});
