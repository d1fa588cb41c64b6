import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { ACCOUNTS, MERCHANTS, newestMailTo, proveStepUp, signInToTop, switchMerchant } from './support';

// The merchant's own settings: profile, rebate coin, bank account and payment QR code. Most walks that
// change data use あかぎ青果店 (merchant 4), whose Owner is in no other merchant; the bank account change
// uses 駅前店, and the QR walk only reads 本店.

const GREENGROCER = 'greengrocer@example.com';
const RENAMED = 'あかぎ青果店 本町';

/** A photo as a phone takes it: a JPEG with where it was taken in its EXIF (GPS). */
const photoWithGps = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7a3a' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 23/1 0/1' } })
    .jpeg()
    .toBuffer();

/** Clicks a download button and answers the file the browser saved, with its bytes. */
async function download(page: Page, button: string): Promise<{ file: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await downloading;
  return { file, bytes: await readFile(await file.path()) };
}

test.describe('merchant settings', () => {
  test('profile: rename and address, tags, opening the merchant, and a thumbnail stored without its EXIF', async ({
    page,
  }) => {
    await signInToTop(page, GREENGROCER);
    await page.goto('/merchant');
    await expect(page.getByRole('heading', { level: 1, name: '加盟店情報' })).toBeVisible();

    // The profile: renamed, multi-line hours, a postal code typed in full-width.
    const form = page.getByRole('form', { name: '基本情報' });
    await form.getByLabel('加盟店名').fill(RENAMED);
    await form.getByLabel('郵便番号').fill('３７１－００２３');
    await expect(form.getByLabel('郵便番号')).toHaveValue('371-0023');
    await form.getByLabel('都道府県').selectOption('群馬県');
    await form.getByLabel('市区町村').fill('前橋市');
    await form.getByLabel('番地・建物名').fill('本町1-2-3');
    await expect(form.getByText('アプリでの表示: 〒371-0023 群馬県前橋市本町1-2-3')).toBeVisible();
    await form.getByLabel('営業時間').fill('平日 9:00〜18:00\n土曜 9:00〜15:00\n日祝 定休');
    await expect(form.getByText('保存していない変更があります')).toBeVisible();
    // The console adds a cache-busting query (?_=…) to every call.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/api/merchants/4',
    );
    await form.getByRole('button', { name: '基本情報を保存する' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('加盟店情報を保存しました')).toBeVisible();
    await expect(form.getByText('変更はありません')).toBeVisible();
    // The header's switcher takes the new name without a reload.
    await expect(page.getByRole('combobox', { name: '加盟店を選択' })).toHaveValue(RENAMED);
    await expect(form.getByLabel('営業時間')).toHaveValue('平日 9:00〜18:00\n土曜 9:00〜15:00\n日祝 定休');

    // Two tags.
    const tags = page.getByRole('region', { name: 'タグ' });
    await expect(tags.getByText('0 / 10個を選択中')).toBeVisible();
    for (const name of ['青果', '地元食材']) {
      await tags.getByText(name, { exact: true }).click();
      await expect(tags.getByRole('checkbox', { name })).toBeChecked();
    }
    await expect(tags.getByText('2 / 10個を選択中')).toBeVisible();
    await tags.getByRole('button', { name: 'タグを保存する' }).click();
    await expect(page.getByText('タグを保存しました')).toBeVisible();
    await expect(tags.getByRole('button', { name: 'タグを保存する' })).toBeDisabled();

    // Closed → open, through the confirm dialog.
    const status = page.getByRole('region', { name: '営業状態' });
    await expect(status.getByText('休業中', { exact: true })).toBeVisible();
    await status.getByRole('button', { name: '営業を再開する' }).click();
    const dialog = page.getByRole('dialog', { name: '営業を再開しますか？' });
    await expect(dialog).toContainText('お客様がアプリでこの加盟店に支払いできるようになります');
    await dialog.getByRole('button', { name: '営業を再開する' }).click();
    await proveStepUp(page);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('営業を再開しました')).toBeVisible();
    await expect(status.getByText('営業中', { exact: true })).toBeVisible();
    await expect(status.getByRole('button', { name: '休業にする' })).toBeVisible();

    // The thumbnail: a photo with GPS data, previewed, uploaded, stored as a 400×400 WebP without it.
    const thumbnail = page.getByRole('region', { name: 'サムネイル', exact: true });
    await expect(thumbnail.getByText('未設定')).toBeVisible();
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const choosing = page.waitForEvent('filechooser');
    await thumbnail.getByRole('button', { name: 'サムネイルの画像を選ぶ' }).click();
    await (await choosing).setFiles({ name: 'yaoya.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(
      thumbnail.getByRole('img', { name: 'サムネイルのプレビュー（まだ保存されていません）' }),
    ).toBeVisible();
    await expect(thumbnail.getByText(/yaoya\.jpg（\d+ KB） ・ 1200×900ピクセル/)).toBeVisible();
    const upload = thumbnail.getByRole('button', { name: 'サムネイルをアップロード' });
    await expect(upload).toBeEnabled();
    await upload.click();
    await expect(page.getByText('サムネイルを更新しました')).toBeVisible();
    const current = thumbnail.getByRole('img', { name: '現在のサムネイル' });
    await expect(current).toBeVisible();
    const src = await current.evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
    const stored = await page.request.get(src);
    expect(stored.status()).toBe(200);
    expect(stored.headers()['content-type']).toBe('image/webp');
    const meta = await sharp(await stored.body()).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
  });

  test('rebate coin: ポイント at 1.5 %, the worked example follows the rate, and it is saved', async ({ page }) => {
    await signInToTop(page, GREENGROCER);
    await page.goto('/merchant/rebateCoin');
    await expect(page.getByRole('heading', { level: 1, name: 'リベートコイン設定' })).toBeVisible();
    await expect(page.getByText('現在の設定：還元しない')).toBeVisible();
    const example = page.getByRole('region', { name: '還元の例' });
    await expect(example).toContainText('お支払いに対する還元は行いません。');

    await page.getByLabel('還元するコイン').selectOption({ label: 'ポイント' });
    const rate = page.getByRole('textbox', { name: '還元率' });
    await expect(rate).toBeEnabled();
    await rate.fill('1.5');
    await expect(example.getByRole('listitem')).toHaveText([
      '500円のお支払いで 7 ポイントを還元',
      '1,000円のお支払いで 15 ポイントを還元',
      '10,000円のお支払いで 150 ポイントを還元',
    ]);
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText('還元の設定を保存しました')).toBeVisible();
    await expect(page.getByText('現在の設定：ポイントで1.5%を還元')).toBeVisible();

    await page.reload();
    await expect(page.getByText('現在の設定：ポイントで1.5%を還元')).toBeVisible();
    await expect(page.getByLabel('還元するコイン').locator('option:checked')).toHaveText('ポイント');
    await expect(page.getByRole('textbox', { name: '還元率' })).toHaveValue('1.5');
    await expect(example).toContainText('1,000円のお支払いで 15 ポイントを還元');
  });

  test('bank account: the bank found by name, the branch by code, the holder in half-width kana, confirmed, shown masked', async ({
    page,
  }) => {
    await signInToTop(page, GREENGROCER);
    await page.goto('/merchant/bankAccount');
    await expect(page.getByRole('heading', { level: 1, name: '振込先口座' })).toBeVisible();
    await expect(page.getByText('振込先口座が登録されていません')).toBeVisible();

    const form = page.getByRole('form', { name: '振込先口座を登録' });
    // The bank by its name in hiragana: the list offers it, and choosing it puts its code in the field.
    const bank = form.getByRole('combobox', { name: '金融機関' });
    await bank.fill('ぐんま');
    await page.getByRole('option', { name: '群馬銀行（0128）' }).click();
    await expect(bank).toHaveValue('0128');
    await expect(bank).toHaveAccessibleDescription('群馬銀行');
    // The branch by its code, looked up as typed.
    const branch = form.getByRole('combobox', { name: '支店' });
    await branch.fill('112');
    await expect(branch).toHaveAccessibleDescription('前橋支店');
    await form.getByText('普通', { exact: true }).click();
    await expect(form.getByRole('radio', { name: '普通' })).toBeChecked();
    const number = form.getByRole('textbox', { name: '口座番号' });
    await number.fill('12345');
    await number.blur();
    await expect(number).toHaveValue('0012345');
    const holder = form.getByRole('textbox', { name: '口座名義（カナ）' });
    await holder.fill('アカギセイカテン');
    // ギ is two half-width characters: ｷ and the voiced mark ﾞ.
    await expect(holder).toHaveValue('ｱｶｷﾞｾｲｶﾃﾝ');
    await form.getByRole('button', { name: '確認へ進む' }).click();

    const confirm = page.getByRole('table', { name: 'この口座を登録しますか？' });
    const facts = (number: string): [label: string, value: string][] => [
      ['金融機関', '群馬銀行（0128）'],
      ['支店', '前橋支店（112）'],
      ['口座種別', '普通'],
      ['口座番号', number],
      ['口座名義（カナ）', 'ｱｶｷﾞｾｲｶﾃﾝ'],
    ];
    // The confirm step shows the whole number, as it will be registered.
    for (const [label, value] of facts('0012345')) {
      await expect(confirm.getByRole('row', { name: label })).toContainText(value);
    }
    await page.getByRole('button', { name: '登録する' }).click();
    // Where the money goes changes only after the Owner proves it is them.
    await proveStepUp(page);

    await expect(page.getByText('振込先口座を登録しました（口座番号 ****2345）')).toBeVisible();
    const registered = page.getByRole('table', { name: '登録中の振込先口座' });
    for (const [label, value] of facts('****2345')) {
      await expect(registered.getByRole('row', { name: label })).toContainText(value);
    }
    await expect(registered).not.toContainText('0012345');
    await expect(page.getByRole('button', { name: '口座を変更する' })).toBeVisible();
  });

  test('bank account change: the Owner proves it is them, every Owner is mailed, payouts to it are held', async ({
    page,
  }) => {
    // 駅前店, whose payouts no other walk runs: its account changes from ****7890 to ****7777.
    await signInToTop(page, ACCOUNTS.owner);
    await switchMerchant(page, MERCHANTS.station);
    await page.goto('/merchant/bankAccount');
    await expect(page.getByRole('table', { name: '登録中の振込先口座' })).toContainText('****7890');
    await page.getByRole('button', { name: '口座を変更する' }).click();
    const form = page.getByRole('form', { name: '振込先口座を変更' });
    await form.getByRole('combobox', { name: '金融機関' }).fill('0128');
    await form.getByRole('combobox', { name: '支店' }).fill('100');
    await expect(form.getByRole('combobox', { name: '支店' })).toHaveAccessibleDescription('本店営業部');
    await form.getByText('普通', { exact: true }).click();
    await form.getByRole('textbox', { name: '口座番号' }).fill('7777777');
    await form.getByRole('textbox', { name: '口座名義（カナ）' }).fill('エキマエテン');
    await form.getByRole('button', { name: '確認へ進む' }).click();
    await page.getByRole('button', { name: '登録する' }).click();
    await proveStepUp(page);
    await expect(page.getByText('振込先口座を登録しました（口座番号 ****7777）')).toBeVisible();

    // Every Owner of 駅前店 is told at once, both accounts masked.
    const notice = await newestMailTo(ACCOUNTS.owner);
    expect(notice.subject).toContain('振込先口座が変更されました');
    expect(notice.body).toContain('****7890');
    expect(notice.body).toContain('****7777');
    expect(notice.body).not.toContain('7777777');

    await page.goto('/withdrawalInfo');
    await expect(
      page.getByRole('status').filter({ hasText: '振込先口座の変更により出金を保留しています' }),
    ).toBeVisible();
  });

  test('QR code: the code and its URL, and PNG and PDF downloads that carry the same URL', async ({ page }) => {
    await signInToTop(page, ACCOUNTS.member);
    await page.goto('/qrcode');
    await expect(page.getByRole('heading', { level: 1, name: 'QRコード' })).toBeVisible();
    const code = page.getByRole('img', { name: `${MERCHANTS.main}の支払い用QRコード` });
    await expect(code).toBeVisible();
    expect(await code.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    const urlSection = page.getByRole('region', { name: 'QRコードのURL' });
    await expect(urlSection).toContainText('/merchant/?wallet_no=1100000001');
    const url = (await urlSection.getByText('/merchant/?wallet_no=1100000001').textContent())?.trim() ?? '';
    expect(url).toMatch(/^https?:\/\/\S+\/merchant\/\?wallet_no=1100000001$/);

    const png = await download(page, 'QRコード画像（PNG）');
    expect(png.file.suggestedFilename()).toMatch(/\.png$/);
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await expect(page.getByText(`${png.file.suggestedFilename()} を保存しました`)).toBeVisible();
    const { data, info } = await sharp(png.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toBe(url);

    const pdf = await download(page, 'A4ポスター（PDF）');
    expect(pdf.file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByText(`${pdf.file.suggestedFilename()} を保存しました`)).toBeVisible();
  });
});
