import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_MAX_BYTES, MERCHANT_TAGS_MAX } from '@coin/contract';
import { type Browser, chromium, type Page } from 'playwright';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeMerchantServer, MERCHANT_ID, png } from './testing/fakeMerchantServer';

/*
 * The Merchant page rendered for real — Mantine, TanStack Query, the app's API client and session store —
 * in headless Chromium, with the server's answers faked (testing/fakeMerchantServer.ts). The console's
 * unit tests run without a DOM; this is the page's component test. It needs the Chromium the e2e suite
 * uses (CHROMIUM_PATH, /usr/bin/chromium by default) and is skipped where there is none.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const consoleRoot = fileURLToPath(new URL('../../../', import.meta.url));
const HARNESS = '/src/pages/merchant/testing/harness.tsx';
const HTML = `<!doctype html><html lang="ja"><head><meta charset="UTF-8" /></head>
<body><div id="root"></div><script type="module" src="${HARNESS}"></script></body></html>`;

const base = `/merchants/${MERCHANT_ID}`;

/** Polls until the value matches, as long as a loaded machine may need (expect.poll waits 1 s by default). */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });

describe.skipIf(!existsSync(CHROMIUM))('Merchant page (in Chromium, fake server)', { timeout: 90_000 }, () => {
  let vite: ViteDevServer;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    vite = await createServer({
      configFile: join(consoleRoot, 'vite.config.ts'),
      root: consoleRoot,
      cacheDir: join(tmpdir(), 'coin-console-merchant-page-test'),
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0, hmr: false, proxy: {} },
      optimizeDeps: { entries: [`.${HARNESS}`], include: ['zod'] },
      plugins: [
        {
          name: 'merchant-page-harness',
          configureServer(server) {
            server.middlewares.use((request, response, next) => {
              if (request.url !== '/') return next();
              void server.transformIndexHtml('/', HTML).then((html) => {
                response.setHeader('Content-Type', 'text/html');
                response.end(html);
              }, next);
            });
          },
        },
      ],
    });
    await vite.listen();
    const address = vite.httpServer?.address();
    if (!address || typeof address === 'string') throw new Error('the test server has no port');
    origin = `http://127.0.0.1:${address.port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    // The first page waits for Vite to transform and pre-bundle everything once.
    const warm = await loaded();
    await warm.page.close();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
  });

  async function open(server: FakeMerchantServer): Promise<{ page: Page; server: FakeMerchantServer }> {
    const page = await browser.newPage({
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      viewport: { width: 1280, height: 900 },
    });
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    // Counts the preview's object URLs, to see that each one is given back.
    await page.addInitScript(() => {
      const counts = { created: 0, revoked: 0 };
      Object.assign(window, { objectUrls: counts });
      const create = URL.createObjectURL.bind(URL);
      const revoke = URL.revokeObjectURL.bind(URL);
      URL.createObjectURL = (object) => {
        counts.created += 1;
        return create(object);
      };
      URL.revokeObjectURL = (url) => {
        counts.revoked += 1;
        revoke(url);
      };
    });
    await server.attach(page);
    await page.goto(origin);
    return { page, server };
  }

  /** Opens the page and waits for the profile form. */
  async function loaded(server = new FakeMerchantServer()) {
    const opened = await open(server);
    await opened.page.getByRole('textbox', { name: '加盟店名' }).waitFor();
    return opened;
  }

  it('shows a loading state until the profile arrives', async () => {
    const server = new FakeMerchantServer();
    let release = () => {};
    server.answerOnce(`GET ${base}`, { hold: new Promise<void>((resolve) => (release = resolve)) });
    const { page } = await open(server);
    const loading = page.getByRole('status', { name: '加盟店情報を読み込んでいます' });
    await loading.waitFor();
    expect(await page.getByRole('textbox', { name: '加盟店名' }).count()).toBe(0);
    release();
    await eventually(() => page.getByRole('textbox', { name: '加盟店名' }).inputValue()).toBe('めぶくカフェ 本店');
    expect(await loading.count()).toBe(0);
    await page.close();
  });

  it('shows a failed load with a retry that loads again', async () => {
    const server = new FakeMerchantServer();
    server.answerOnce(`GET ${base}`, { status: 500, json: { type: 'internal', message: 'internal error' } });
    const { page } = await open(server);
    const alert = page.getByRole('alert').filter({ hasText: '加盟店情報を読み込めませんでした' });
    await alert.waitFor();
    await alert.getByRole('button', { name: '再試行' }).click();
    await eventually(() => page.getByRole('textbox', { name: '加盟店名' }).inputValue()).toBe('めぶくカフェ 本店');
    expect(server.requestsOf(`GET ${base}`)).toHaveLength(2);
    await page.close();
  });

  it("shows a 400 answer's message on its field, focuses it and keeps everything typed", async () => {
    const server = new FakeMerchantServer();
    const { page } = await loaded(server);
    const refusal = '電話番号は0から始まる10〜11桁で入力してください（例: 027-123-4567）';
    server.answerOnce(`PATCH ${base}`, {
      status: 400,
      json: { type: 'invalid_request', message: refusal, field: 'phone' },
    });
    const phone = page.getByRole('textbox', { name: '電話番号' });
    const hours = page.getByRole('textbox', { name: '営業時間' });
    await phone.fill('０２７－９９９－１１１１');
    await hours.fill('毎日 9:00〜18:00\n第3水曜定休');
    await page.getByRole('button', { name: '基本情報を保存する' }).click();

    await eventually(() => phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await phone.getAttribute('aria-describedby')) ?? '';
    const described = await Promise.all(
      describedBy.split(/\s+/).map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(described).toContain(refusal);
    expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await phone.inputValue()).toBe('027-999-1111');
    expect(await hours.inputValue()).toBe('毎日 9:00〜18:00\n第3水曜定休');
    expect(server.requestsOf(`PATCH ${base}`)[0]?.body).toMatchObject({ phone: '027-999-1111' });
    // Typing into the refused field clears the server's message.
    await phone.fill('027-999-1112');
    await eventually(() => phone.getAttribute('aria-invalid')).not.toBe('true');
    await page.close();
  });

  it('keeps the input after a failed save, then saves it and renames the merchant in the header at once', async () => {
    const server = new FakeMerchantServer();
    const { page } = await loaded(server);
    server.answerOnce(`PATCH ${base}`, { abort: true });
    const name = page.getByRole('textbox', { name: '加盟店名' });
    const postal = page.getByRole('textbox', { name: '郵便番号' });
    await name.fill('めぶくカフェ 駅前本店');
    await postal.fill('');
    await postal.pressSequentially('３７１００２４');
    expect(await postal.inputValue()).toBe('371-0024');
    await page.getByRole('button', { name: '基本情報を保存する' }).click();

    const failed = page.getByRole('alert').filter({ hasText: '加盟店情報を保存できませんでした' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('入力した内容はそのまま残っています');
    expect(await name.inputValue()).toBe('めぶくカフェ 駅前本店');
    expect(await postal.inputValue()).toBe('371-0024');
    expect(await page.getByTestId('header-merchant').textContent()).toBe('めぶくカフェ 本店');

    await page.getByRole('button', { name: '基本情報を保存する' }).click();
    await page.getByText('加盟店情報を保存しました').waitFor();
    expect(server.requestsOf(`PATCH ${base}`).at(-1)?.body).toEqual({
      name: 'めぶくカフェ 駅前本店',
      description: '前橋の駅前にあるカフェです。',
      postal_code: '3710024',
      prefecture: '群馬県',
      city: '前橋市',
      street: '本町2-12-1',
      phone: '027-123-4567',
      business_hours: '平日 10:00〜19:00',
      invoice_registration_no: '',
    });
    await eventually(() => page.getByTestId('header-merchant').textContent()).toBe('めぶくカフェ 駅前本店');
    const stored = await page.evaluate(() => sessionStorage.getItem('merchants'));
    expect(JSON.parse(stored ?? '[]')[0]?.name).toBe('めぶくカフェ 駅前本店');
    expect(await page.getByText('変更はありません').count()).toBe(1);
    await page.close();
  });

  it('checks the form before sending and sends nothing while a field is wrong', async () => {
    const server = new FakeMerchantServer();
    const { page } = await loaded(server);
    await page.getByRole('textbox', { name: '加盟店名' }).fill('  ');
    await page.getByRole('textbox', { name: '郵便番号' }).fill('371-002');
    await page.getByRole('button', { name: '基本情報を保存する' }).click();
    await page.getByText('加盟店名を入力してください').waitFor();
    await page.getByText('郵便番号は7桁の数字で入力してください（例: 371-0023）').waitFor();
    expect(server.requestsOf(`PATCH ${base}`)).toHaveLength(0);
    await page.close();
  });

  it('takes the invoice registration number as typed in full width, checks its digits and saves it', async () => {
    const server = new FakeMerchantServer();
    const { page } = await loaded(server);
    const number = page.getByRole('textbox', { name: '適格請求書発行事業者 登録番号' });
    expect(await page.getByText('領収書に印字され').count()).toBe(1);
    // T + 13 digits whose first digit does not check the others.
    await number.pressSequentially('ｔ１２３４５６７８９０１２３');
    expect(await number.inputValue()).toBe('T1234567890123');
    await page.getByRole('button', { name: '基本情報を保存する' }).click();
    await page.getByText('登録番号の数字が正しくありません').waitFor();
    expect(await number.evaluate((input) => input === document.activeElement)).toBe(true);
    await number.fill('T123');
    await page.getByRole('button', { name: '基本情報を保存する' }).click();
    await page.getByText('登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）').waitFor();
    expect(server.requestsOf(`PATCH ${base}`)).toHaveLength(0);

    await number.fill('T9234-5678-9012-3');
    expect(await number.inputValue()).toBe('T9234567890123');
    await page.getByRole('button', { name: '基本情報を保存する' }).click();
    await page.getByText('加盟店情報を保存しました').waitFor();
    expect(server.requestsOf(`PATCH ${base}`)[0]?.body).toMatchObject({ invoice_registration_no: 'T9234567890123' });
    await page.close();
  });

  it('asks before closing the merchant, explaining that the app takes no payments, and sends nothing when cancelled', async () => {
    const server = new FakeMerchantServer();
    const { page } = await loaded(server);
    await page.getByRole('button', { name: '休業にする' }).click();
    const dialog = page.getByRole('dialog', { name: '休業にしますか？' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('お客様はアプリでこの加盟店に支払いできなくなります');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(server.requestsOf(`PATCH ${base}/status`)).toHaveLength(0);

    await page.getByRole('button', { name: '休業にする' }).click();
    await dialog.getByRole('button', { name: '休業にする' }).click();
    await page.getByText('休業にしました').waitFor();
    expect(server.requestsOf(`PATCH ${base}/status`)[0]?.body).toEqual({ status: 'CLOSED' });
    await page.getByText('休業中', { exact: true }).waitFor();
    await page.getByRole('button', { name: '営業を再開する' }).waitFor();
    await page.close();
  });

  it('refuses a too large or wrong file in the browser, previews a good one, uploads it and shows the result', async () => {
    const server = new FakeMerchantServer();
    const { page } = await loaded(server);
    const thumbnail = page.getByRole('region', { name: 'サムネイル' });
    const input = thumbnail.locator('input[type="file"]');

    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(IMAGE_MAX_BYTES + 1) });
    await thumbnail.getByRole('alert').filter({ hasText: 'MB以下の画像を選んでください' }).waitFor();
    expect(await thumbnail.getByRole('img', { name: 'サムネイルのプレビュー（まだ保存されていません）' }).count()).toBe(
      0,
    );

    await input.setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await thumbnail
      .getByRole('alert')
      .filter({ hasText: 'PNG・JPEG・WebP形式の画像ファイルを選んでください' })
      .waitFor();

    await input.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(120, 120) });
    await thumbnail.getByRole('alert').filter({ hasText: '画像が小さすぎます（120×120ピクセル）' }).waitFor();
    const upload = thumbnail.getByRole('button', { name: 'サムネイルをアップロード' });
    expect(await upload.isDisabled()).toBe(true);

    await input.setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: png(300, 300) });
    const preview = thumbnail.getByRole('img', { name: 'サムネイルのプレビュー（まだ保存されていません）' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await thumbnail.getByText('300×300ピクセル').waitFor();
    expect(await thumbnail.getByRole('alert').count()).toBe(0);
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await upload.click();
    await page.getByText('サムネイルを更新しました').waitFor();
    const sent = server.requestsOf(`POST ${base}/thumbnail`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0]?.raw?.toString('latin1')).toMatch(/name="file"; filename="shop.png"/);
    const current = thumbnail.getByRole('img', { name: '現在のサムネイル' });
    await current.waitFor();
    expect(await current.getAttribute('src')).toBe(`/api${server.profile.thumbnail_url}`);
    await eventually(() => current.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
    // Every preview's object URL was given back once its file was done with.
    const urls = await page.evaluate(
      () => (window as unknown as { objectUrls: { created: number; revoked: number } }).objectUrls,
    );
    expect(urls.revoked).toBe(urls.created);
    expect(urls.created).toBeGreaterThan(0);
    await page.close();
  });

  it("shows the server's refusal of an upload", async () => {
    const server = new FakeMerchantServer();
    const { page } = await loaded(server);
    const main = page.getByRole('region', { name: 'メイン画像' });
    server.answerOnce(`POST ${base}/image`, {
      status: 413,
      json: { type: 'too_large', message: 'ファイルサイズは5MB以下にしてください', field: 'file' },
    });
    await main
      .locator('input[type="file"]')
      .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(800, 450) });
    await main.getByText('800×450ピクセル').waitFor();
    await main.getByRole('button', { name: 'メイン画像をアップロード' }).click();
    const failed = main.getByRole('alert').filter({ hasText: 'メイン画像をアップロードできませんでした' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('ファイルサイズは5MB以下にしてください');
    await page.close();
  });

  it('saves the chosen tags', async () => {
    const server = new FakeMerchantServer();
    const { page } = await loaded(server);
    const tags = page.getByRole('region', { name: 'タグ' });
    await tags.getByText(`1 / ${MERCHANT_TAGS_MAX}個を選択中`).waitFor();
    const save = tags.getByRole('button', { name: 'タグを保存する' });
    expect(await save.isDisabled()).toBe(true);
    // Chips are checkboxes: by pointer, and by keyboard (Space).
    await tags.getByText('テイクアウト').click();
    await tags.getByText('カフェ', { exact: true }).click();
    await tags.getByRole('checkbox', { name: 'キャッシュレス' }).focus();
    await page.keyboard.press('Space');
    expect(await tags.getByRole('checkbox', { name: 'キャッシュレス' }).isChecked()).toBe(true);
    await save.click();
    await page.getByText('タグを保存しました').waitFor();
    expect(server.requestsOf(`POST ${base}/tags`)[0]?.body).toEqual({ tag_ids: [2, 5] });
    await page.close();
  });
});
