import { CALLS, IMAGE_MAX_BYTES } from '@coin/contract';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '../domain/merchantImages';
import { ZENGIN_MESSAGES } from '../domain/zengin';
import { NEW_MERCHANT } from '../seed/merchantSettings';
import { DEMO, describeWithDatabase, injectProved, type SignedIn, signIn } from '../testing/harness';
import { multipartFile } from '../testing/multipart';

const NEW_ID = NEW_MERCHANT.id;

/** A photo as a phone takes it: JPEG with camera and GPS data in its EXIF block. */
const photoWithGps = (format: 'jpeg' | 'png') =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7a3a' } })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1', Copyright: 'owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 23/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 4/1 0/1' },
    })
    [format]()
    .toBuffer();

describeWithDatabase('merchant settings', (env) => {
  let owner: SignedIn;
  let newOwner: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    [owner, newOwner, member] = await Promise.all([
      signIn(env().app, DEMO.owner),
      signIn(env().app, NEW_MERCHANT.owner.email),
      signIn(env().app, DEMO.member),
    ]);
  });

  const send = (
    who: SignedIn,
    method: 'GET' | 'PATCH' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    Object.keys(headers).length === 0
      ? // Bank account and status changes need a proof: proved and sent again, as the console does.
        injectProved(env().app, who, { method, url: `/api${url}`, payload })
      : env().app.inject({
          method,
          url: `/api${url}`,
          headers: { authorization: who.authorization, ...headers },
          ...(payload === undefined ? {} : { payload: payload as string }),
        });
  const upload = (who: SignedIn, kind: 'thumbnail' | 'image', bytes: Uint8Array, fileName = 'photo.jpg') => {
    const { payload, headers } = multipartFile(bytes, { fileName, contentType: 'image/jpeg' });
    return send(who, 'POST', `/merchants/${NEW_ID}/${kind}`, payload, headers);
  };
  const auditOf = (action: string) =>
    env()
      .db.selectFrom('audit_events')
      .select(['before', 'after', 'actor_user_id'])
      .where('action', '=', action)
      .where('merchant_id', '=', NEW_ID)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  describe('profile', () => {
    const profile = {
      name: 'あかぎ青果店 本町',
      description: '朝採れ野菜のお店',
      postal_code: '3710023',
      prefecture: '群馬県',
      city: '前橋市',
      street: '本町1-1',
      phone: '027-123-4567',
      business_hours: '9:00〜18:00\n日曜定休',
    };

    it("answers the demo profile of 本店 with its tags and images' addresses", async () => {
      const response = await send(owner, 'GET', `/merchants/${DEMO.mainMerchantId}`);
      expect(response.statusCode).toBe(200);
      const body = CALLS.getMerchantProfile.response.parse(response.json());
      expect(body).toMatchObject({ prefecture: '群馬県', status: 'OPEN' });
      expect(body.tags.map((t) => t.name)).toContain('カフェ');
      expect(body.thumbnail_url).toMatch(/^\/merchant_images\/[0-9a-f]{64}$/);
    });

    it('saves every field, trims them, and records what changed', async () => {
      const response = await send(newOwner, 'PATCH', `/merchants/${NEW_ID}`, { ...profile, city: '  前橋市 ' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject(profile);
      const merchant = await send(newOwner, 'GET', `/merchants/${NEW_ID}/merchant`);
      expect(merchant.json()).toMatchObject({ name: profile.name });
      const audit = await auditOf('merchant.profile_updated');
      expect(audit.actor_user_id).toBe(newOwner.userId);
      expect(audit.after).toMatchObject({ name: profile.name, business_hours: profile.business_hours });
    });

    it.each([
      ['name', { name: ' ' }, '加盟店名を入力してください'],
      ['name', { name: 'めぶく\u202E店商' }, '加盟店名に使えない文字（U+202E）'],
      ['name', { name: 'めぶく\n商店' }, '加盟店名に使えない文字（U+000A）'],
      ['name', { name: '\u200B' }, '加盟店名に使えない文字（U+200B）'],
      // Names that read as another shop's (issue 45): a payer would pay the wrong shop.
      ['name', { name: 'めぶくカフェ本店' }, 'ほかの加盟店と見分けにくい名前'],
      ['name', { name: 'めぶく力フェ　本店' }, 'ほかの加盟店と見分けにくい名前'],
      ['postal_code', { postal_code: '371-0023' }, '郵便番号は7桁'],
      ['phone', { phone: '1234' }, '電話番号は0から始まる'],
      ['phone', { phone: '027-123-45678' }, '電話番号は0から始まる'],
      ['prefecture', { prefecture: '群馬' }, '都道府県を一覧から選んでください'],
      ['description', { description: 'あ'.repeat(501) }, '紹介文は500文字以内'],
    ])('refuses a bad %s with 400 naming it, in Japanese', async (field, change, message) => {
      const response = await send(newOwner, 'PATCH', `/merchants/${NEW_ID}`, { ...profile, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        type: 'invalid_request',
        field,
        message: expect.stringContaining(message),
      });
    });

    it("opens and closes the merchant; another merchant's Owner gets 404, a Member 403", async () => {
      const open = await send(newOwner, 'PATCH', `/merchants/${NEW_ID}/status`, { status: 'OPEN' });
      expect(open.json()).toMatchObject({ status: 'OPEN' });
      expect((await auditOf('merchant.status_changed')).after).toEqual({ status: 'OPEN' });
      const closed = await send(newOwner, 'PATCH', `/merchants/${NEW_ID}/status`, { status: 'CLOSED' });
      expect(closed.json()).toMatchObject({ status: 'CLOSED' });
      expect((await send(owner, 'PATCH', `/merchants/${NEW_ID}/status`, { status: 'OPEN' })).statusCode).toBe(404);
      expect(
        (await send(member, 'PATCH', `/merchants/${DEMO.mainMerchantId}/status`, { status: 'OPEN' })).statusCode,
      ).toBe(403);
      expect((await send(newOwner, 'PATCH', `/merchants/${NEW_ID}/status`, { status: 'PAUSED' })).json()).toMatchObject(
        {
          field: 'status',
        },
      );
    });
  });

  describe('tags', () => {
    it('offers the catalogue and replaces the chosen tags', async () => {
      const list = CALLS.listMerchantTags.response.parse(
        (await send(newOwner, 'GET', `/merchants/${NEW_ID}/tags`)).json(),
      );
      expect(list.items.length).toBeGreaterThanOrEqual(10);
      const chosen = list.items.slice(0, 3).map((t) => t.id);
      const saved = await send(newOwner, 'POST', `/merchants/${NEW_ID}/tags`, { tag_ids: [...chosen].reverse() });
      expect(saved.json()).toMatchObject({ selected_ids: chosen });
      const profile = await send(newOwner, 'GET', `/merchants/${NEW_ID}`);
      expect(profile.json().tags.map((t: { id: number }) => t.id)).toEqual(chosen);
    });

    it.each([
      ['an unknown tag', [999_999], '選べないタグ'],
      ['a repeated tag', [1, 1], '重複'],
      ['more than 10', Array.from({ length: 11 }, (_, i) => i + 1), '10個まで'],
    ])('refuses %s with 400 on tag_ids', async (_, tagIds, message) => {
      const response = await send(newOwner, 'POST', `/merchants/${NEW_ID}/tags`, { tag_ids: tagIds });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'tag_ids', message: expect.stringContaining(message) });
    });
  });

  describe('rebate coin', () => {
    it('offers the rebatable coins and the limits, and saves a coin and rate', async () => {
      const current = CALLS.getRebateCoin.response.parse((await send(owner, 'GET', `/merchants/1/rebatecoins`)).json());
      expect(current).toMatchObject({ coin_id: 2, rate_bp: 100, max_rate_bp: 1000, step_bp: 10 });
      expect(current.coins.map((c) => c.id)).toEqual([1, 2]);
      const saved = await send(newOwner, 'PATCH', `/merchants/${NEW_ID}/rebatecoins`, { coin_id: 1, rate_bp: 250 });
      expect(saved.json()).toMatchObject({ coin_id: 1, rate_bp: 250 });
      const none = await send(newOwner, 'PATCH', `/merchants/${NEW_ID}/rebatecoins`, { coin_id: null, rate_bp: 0 });
      expect(none.json()).toMatchObject({ coin_id: null, rate_bp: 0 });
      expect((await auditOf('merchant.rebate_coin_updated')).before).toEqual({ coin_id: 1, rate_bp: 250 });
    });

    it.each([
      ['a coin that is not rebatable', { coin_id: 3, rate_bp: 100 }, 'coin_id'],
      ['a rate above 10 %', { coin_id: 1, rate_bp: 1010 }, 'rate_bp'],
      ['a rate off the 0.1 % steps', { coin_id: 1, rate_bp: 15 }, 'rate_bp'],
      ['a rate without a coin', { coin_id: null, rate_bp: 100 }, 'rate_bp'],
      ['a coin without a rate', { coin_id: 1, rate_bp: 0 }, 'rate_bp'],
    ])('refuses %s with 400', async (_, body, field) => {
      const response = await send(newOwner, 'PATCH', `/merchants/${NEW_ID}/rebatecoins`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field });
    });
  });

  describe('bank account', () => {
    const account = {
      bank_code: '0128',
      branch_code: '112',
      account_type: 'ORDINARY',
      account_number: '12345',
      holder_name: 'あかぎせいかてん',
    };

    it('looks up banks and branches on the Zengin list, by their full names', async () => {
      const bank = await send(newOwner, 'GET', `/merchants/${NEW_ID}/banks/0128`);
      expect(bank.json()).toEqual({ code: '0128', name: '群馬銀行', kana: 'グンマ' });
      // The list writes names in full-width letters; they come back in their usual width.
      expect((await send(newOwner, 'GET', `/merchants/${NEW_ID}/banks/0005`)).json()).toMatchObject({
        name: '三菱UFJ銀行',
      });
      const branch = await send(newOwner, 'GET', `/merchants/${NEW_ID}/banks/0128/branches/112`);
      expect(branch.json()).toMatchObject({ code: '112', name: '前橋支店' });
      const unknown = await send(newOwner, 'GET', `/merchants/${NEW_ID}/banks/0128/branches/999`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(ZENGIN_MESSAGES.unknownBranch);
      expect((await send(newOwner, 'GET', `/merchants/${NEW_ID}/banks/12a4`)).json()).toMatchObject({
        field: 'bank_code',
      });
    });

    it('registers the account with the list names, the number padded and the holder in half-width kana, masked after', async () => {
      expect((await send(newOwner, 'GET', `/merchants/${NEW_ID}/bank_account`)).json()).toEqual({ account: null });
      const response = await send(newOwner, 'PUT', `/merchants/${NEW_ID}/bank_account`, account);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      // Decided by the route that answers: a percent-encoded path reaches it and is not stored either.
      const encoded = await env().app.inject({
        method: 'GET',
        url: `/%61pi/merchants/${NEW_ID}/bank_account`,
        headers: { authorization: newOwner.authorization },
      });
      expect(encoded.json()).toMatchObject({ account: { bank_name: '群馬銀行' } });
      expect(encoded.headers['cache-control']).toBe('no-store');
      expect(response.json().account).toMatchObject({
        bank_name: '群馬銀行',
        branch_name: '前橋支店',
        number_masked: '****2345',
        holder_name: 'ｱｶｷﾞｾｲｶﾃﾝ',
      });
      expect(response.body).not.toContain('0012345');
      const stored = await env()
        .db.selectFrom('merchant_bank_accounts')
        .selectAll()
        .where('merchant_id', '=', NEW_ID)
        .executeTakeFirstOrThrow();
      expect(stored.account_number).toBe('0012345');
      const audit = await auditOf('merchant.bank_account_changed');
      expect(JSON.stringify(audit)).not.toContain('0012345');
      expect(audit.after).toMatchObject({ account_number: '****2345', holder_name: 'ｱｶｷﾞｾｲｶﾃﾝ' });
    });

    it("shows an account stored with the list's short names by the full names", async () => {
      // 駅前店's demo account was stored as 群馬 / 前橋.
      const response = await send(owner, 'GET', `/merchants/${DEMO.stationMerchantId}/bank_account`);
      expect(response.json().account).toMatchObject({
        bank_code: '0128',
        bank_name: '群馬銀行',
        branch_code: '112',
        branch_name: '前橋支店',
      });
    });

    describe('searching the Zengin list', () => {
      const search = (path: string, q?: string) =>
        send(newOwner, 'GET', `/merchants/${NEW_ID}/${path}${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);
      const codesOf = (response: { json: () => { entries: { code: string }[] } }) =>
        response.json().entries.map((entry) => entry.code);

      it.each([
        ['kanji', '群馬'],
        ['hiragana', 'ぐんま'],
        ['katakana', 'グンマ'],
        ['half-width katakana', 'ｸﾞﾝﾏ'],
        ['romaji', 'gunma'],
        ['romaji in capitals', 'GUNMA'],
        ['the code', '0128'],
      ])('finds 群馬銀行 first by %s', async (_, q) => {
        const response = await search('banks', q);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().entries[0]).toEqual({ code: '0128', name: '群馬銀行', kana: 'グンマ' });
        expect(response.headers['cache-control']).toBe('no-store');
      });

      it('lists the banks whose code begins with the digits typed, at most 20, saying there are more', async () => {
        const response = await search('banks', '01');
        expect(response.json().entries).toHaveLength(20);
        expect(response.json().more).toBe(true);
        expect(codesOf(response).slice(0, 3)).toEqual(['0116', '0117', '0119']);
        expect((await search('banks', '0128')).json()).toEqual({
          entries: [{ code: '0128', name: '群馬銀行', kana: 'グンマ' }],
          more: false,
        });
      });

      it("searches a bank's branches, and refuses a bank the list does not have", async () => {
        for (const q of ['前橋', 'まえばし', 'ﾏｴﾊﾞｼ', 'maebashi']) {
          const response = await search('banks/0128/branches', q);
          expect(response.json().entries[0], q).toEqual({ code: '112', name: '前橋支店', kana: 'マエバシ' });
        }
        expect(codesOf(await search('banks/0128/branches', '10'))).toEqual([
          '100',
          '101',
          '103',
          '105',
          '106',
          '107',
          '109',
        ]);
        const unknown = await search('banks/9998/branches', 'ほんてん');
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().message).toBe(ZENGIN_MESSAGES.unknownBank);
        expect((await search('banks/12a4/branches', 'ほんてん')).json()).toMatchObject({ field: 'bank_code' });
      });

      it.each([
        ['no text', undefined, '検索する名前またはコードを入力してください'],
        ['empty text', '', '検索する名前またはコードを入力してください'],
        ['spaces only', '　 ', '検索する名前またはコードを入力してください'],
        ['text over 40 characters', 'あ'.repeat(41), '40文字以内'],
      ])('refuses %s with 400 on q', async (_, q, message) => {
        for (const path of ['banks', 'banks/0128/branches']) {
          const response = await search(path, q);
          expect(response.statusCode, path).toBe(400);
          expect(response.json()).toMatchObject({ field: 'q', message: expect.stringContaining(message) });
        }
      });

      it('answers nothing for text that matches nothing', async () => {
        expect((await search('banks', '存在しない銀行')).json()).toEqual({ entries: [], more: false });
      });
    });

    it.each([
      ['an unknown bank', { bank_code: '0999' }, 'bank_code', ZENGIN_MESSAGES.unknownBank],
      ['an unknown branch', { branch_code: '998' }, 'branch_code', ZENGIN_MESSAGES.unknownBranch],
      ['a branch code of 2 digits', { branch_code: '12' }, 'branch_code', '3桁'],
      ['an account number of 8 digits', { account_number: '12345678' }, 'account_number', '7桁'],
      ['an account type', { account_type: 'CHECKING' }, 'account_type', '口座種別'],
      ['a holder name in kanji', { holder_name: '赤城青果店' }, 'holder_name', '使えない文字'],
      ['an empty holder name', { holder_name: '　' }, 'holder_name', '口座名義'],
      ['a holder name over 30', { holder_name: 'ア'.repeat(31) }, 'holder_name', '30文字'],
    ])('refuses %s with 400 naming the field', async (_, change, field, message) => {
      const response = await send(newOwner, 'PUT', `/merchants/${NEW_ID}/bank_account`, { ...account, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, message: expect.stringContaining(message) });
    });
  });

  describe('images', () => {
    it('re-encodes a phone photo to WebP without its EXIF (GPS) data, served by hash with immutable caching', async () => {
      const photo = await photoWithGps('jpeg');
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const response = await upload(newOwner, 'image', photo);
      expect(response.statusCode, response.body).toBe(200);
      const url: string = response.json().image_url;
      const served = await env().app.inject({ method: 'GET', url: `/api${url}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
      const again = await env().app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: { 'if-none-match': served.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect((await auditOf('merchant.image_uploaded')).after).toMatchObject({ kind: 'image', width: 1200 });
    });

    it('strips the EXIF block of a PNG too, and crops the thumbnail to a 400×400 square', async () => {
      const response = await upload(newOwner, 'thumbnail', await photoWithGps('png'), 'photo.png');
      expect(response.statusCode, response.body).toBe(200);
      const served = await env().app.inject({ method: 'GET', url: `/api${response.json().thumbnail_url}` });
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ width: 400, height: 400 });
      expect(meta.exif).toBeUndefined();
    });

    it('refuses a PHP script named .png by its bytes', async () => {
      const php = Buffer.from('<?php system($_GET["c"]); ?>\n');
      const { payload, headers } = multipartFile(php, { fileName: 'shell.png', contentType: 'image/png' });
      const response = await send(newOwner, 'POST', `/merchants/${NEW_ID}/thumbnail`, payload, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ type: 'invalid_request', field: 'file', message: IMAGE_MESSAGES.notImage });
    });

    it('refuses a 6 MB JPEG with 413 before decoding it', async () => {
      const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer();
      // A valid JPEG followed by padding up to 6 MB (bytes after the end marker are ignored by decoders).
      const big = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length)]);
      expect(big.length).toBeGreaterThan(IMAGE_MAX_BYTES);
      const response = await upload(newOwner, 'image', big);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ type: 'too_large', field: 'file', message: IMAGE_MESSAGES.tooLarge });
    });

    it('refuses an image below the size of its kind, a truncated one, and a request without a file', async () => {
      const small = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const tooSmall = await upload(newOwner, 'image', small, 'small.png');
      expect(tooSmall.json()).toMatchObject({ field: 'file', message: IMAGE_MESSAGES.tooSmall(640, 360) });
      const truncated = await upload(newOwner, 'image', (await photoWithGps('jpeg')).subarray(0, 400));
      expect(truncated.statusCode).toBe(400);
      const noFile = await send(newOwner, 'POST', `/merchants/${NEW_ID}/image`, { file: 'x' });
      expect(noFile.json()).toMatchObject({ field: 'file', message: IMAGE_MESSAGES.missing });
    });

    it('answers 404 for an image that is not stored', async () => {
      const response = await env().app.inject({ method: 'GET', url: `/api/merchant_images/${'0'.repeat(64)}` });
      expect(response.statusCode).toBe(404);
      // Not cached for a year: only an image that exists is.
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('payment QR code', () => {
    it('encodes the QR host merchant intermediary with the wallet number, readable by a decoder from the PNG', async () => {
      const qr = CALLS.getMerchantQr.response.parse((await send(member, 'GET', `/identities/1/qr`)).json());
      const expected = new URL(env().config.publicUrl);
      expect(qr.url).toBe(`${expected.protocol}//qr.${expected.host}/merchant/?wallet_no=${DEMO.mainWalletNo}`);
      const png = await send(member, 'GET', `/identities/1/qr/download`);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['content-disposition']).toContain('.png');
      const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
      expect(decoded?.data).toBe(qr.url);
    });

    it('makes an A4 PDF poster with the Japanese font embedded', async () => {
      const response = await send(member, 'GET', `/identities/1/qr/poster`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdf.toString('latin1');
      expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      expect(text).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansJP-Bold/);
      expect(text).toContain('/FontFile2');
    });

    it("answers 404 for another merchant's code", async () => {
      expect((await send(owner, 'GET', `/identities/${NEW_ID}/qr/download`)).statusCode).toBe(404);
    });
  });
});
