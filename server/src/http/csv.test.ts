import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CALLS, HISTORY_CSV_HEADER, type History, TRANSACTION_TYPE_LABELS } from '@coin/contract';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { KEYSET_BATCH_SIZE } from '../domain/keyset';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { parseCsv } from '../testing/csv';
import { DEMO, describeEachDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';
import { insertPastTransaction } from '../testing/pastPosting';
import {
  contentDisposition,
  csvBatchWriter,
  csvCell,
  csvDateTime,
  csvFileName,
  csvFileStream,
  csvLine,
  csvStream,
  encodeCsv,
} from './csv';

// The downloads below cross keyset batches: the demo wallet's history holds a few thousand entries, fewer
// than the product's batch (keyset.ts), so these files read in batches of 1,000.
vi.mock('../domain/keyset', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../domain/keyset')>()),
  KEYSET_BATCH_SIZE: 1_000,
}));

/** Money: histories and fees — the CSV writer and the downloads. */

describe('Windows-31J text', () => {
  const roundTrip = (text: string) => iconv.decode(encodeCsv(text, 'cp932'), 'cp932');

  it('keeps what Windows-31J holds, NEC and IBM extensions included', () => {
    expect(roundTrip('髙橋 ① ㈱ ｶﾅ ～ ∥ ￢ abc?')).toBe('髙橋 ① ㈱ ｶﾅ ～ ∥ ￢ abc?');
  });

  it('writes JIS-only forms (wave dash, minus, double bar, cent, pound, not, em dash) as their Windows-31J twins', () => {
    expect(roundTrip('10〜20 −5 ‖ ¢ £ ¬ —')).toBe('10～20 －5 ∥ ￠ ￡ ￢ ―');
  });

  it('composes decomposed kana and drops glyph selectors before looking a character up', () => {
    expect(roundTrip('か\u3099ーと\u3099 ハ\u309A 葛\u{E0100}飾 ✔\uFE0F')).toBe('がーど パ 葛飾 〓');
    // Compatibility ideographs the code page holds stay as they are (no NFC of the whole text).
    expect(roundTrip('﨑 﨔')).toBe('﨑 﨔');
  });

  it('marks what Windows-31J lacks with 〓, never a silent question mark', () => {
    expect(roundTrip('𠮷野家 😀 café')).toBe('〓野家 〓 caf〓');
    expect(encodeCsv('😀', 'utf8').toString('utf8')).toBe('😀');
  });
});

describe('CSV cells', () => {
  it('quotes per RFC 4180 only what needs it', () => {
    expect(csvCell('abc')).toBe('abc');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('makes formula-like text inert, but keeps negative amounts as numbers', () => {
    for (const text of ['=1+1', '+81', '-5', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(text).replace(/^"/, '').startsWith("'"), JSON.stringify(text)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-1500)).toBe('-1500');
    expect(() => csvCell(1.5)).toThrow();
  });

  it('writes a batch with the bytes of its lines: integers, -0, dates and text alike', () => {
    const rows = [
      [-0, 0, -1500, Number.MAX_SAFE_INTEGER, new Date('2026-02-28T15:00:00.999Z'), '=1', null, undefined],
      ['髙', 'a,b', 7],
    ];
    for (const encoding of ['utf8', 'cp932'] as const) {
      expect(
        csvBatchWriter(encoding)(rows).equals(encodeCsv(rows.map((row) => csvLine(row, encoding)).join(''), encoding)),
      ).toBe(true);
    }
    expect(csvBatchWriter('utf8')([[-0, 1]]).toString()).toBe('0,1\r\n');
    expect(() => csvBatchWriter('utf8')([[2 ** 60]])).toThrow('integers');
  });

  describe('formula guard, on the cell as the file holds it', () => {
    const triggers = ['=', '+', '-', '@', '＝', '＠'];
    const prefixes = {
      none: '',
      'zero-width joiner': '\u200D',
      'zero-width space': '\u200B',
      'variation selector': '\uFE0F',
      'ZWJ + selector': '\u200D\uFE0F',
      'byte order mark': '\uFEFF',
      'left-to-right mark': '\u200E',
      space: ' ',
      'ideographic space': '\u3000',
      'combining mark': '\u3099',
    };
    const cases = (['cp932', 'utf8'] as const).flatMap((encoding) =>
      Object.entries(prefixes).flatMap(([name, prefix]) =>
        triggers.map((trigger) => ({ encoding, name, text: `${prefix}${trigger}HYPERLINK("http://x","y")` })),
      ),
    );
    it.each(cases)('$encoding: $name before $text is written inert', async ({ encoding, text }) => {
      // Through the stream every report is written with: header, then the rows, then the bytes decoded back.
      const stream = csvStream(
        ['c'],
        (async function* () {
          yield [[text]];
        })(),
        (row: string[]) => row,
        encoding,
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      const decoded = encoding === 'cp932' ? iconv.decode(bytes, 'cp932') : bytes.subarray(3).toString('utf8');
      const cell = parseCsv(decoded)[1]?.[0] ?? '';
      // Inert: quoted, or what is left in front of the sign is visible (CP932 writes 〓 for what it lacks).
      const visible = cell.replace(/^[\p{Cf}\p{Mn}\p{Zs}]*/u, '');
      expect(cell.startsWith("'") || !'=+-@＝＋－＠'.includes(visible[0] ?? ''), JSON.stringify(cell)).toBe(true);
    });

    it.each(['\t=1', '\r=1', '\n=1'])('a leading control character: %j', (text) => {
      for (const encoding of ['cp932', 'utf8'] as const)
        expect(csvCell(text, encoding).replace(/^"/, '')).toMatch(/^'/);
    });

    it('leaves ordinary text alone, also text with a sign inside', () => {
      for (const text of ['コーヒー 2杯', 'A-1', 'x=1', '\u200Dこんにちは', '１２３']) {
        expect(csvCell(text, 'utf8')).toBe(text);
      }
    });
  });

  it('writes Asia/Tokyo date-times and the file name', () => {
    expect(csvDateTime(new Date('2026-01-31T15:00:00.000Z'))).toBe('2026/02/01 00:00:00');
    expect(csvDateTime('2026-01-31T14:59:59.999Z')).toBe('2026/01/31 23:59:59');
    expect(csvFileName('histories', '本店', '2026-11-01', '2026-11-30')).toBe('histories_本店_20261101-20261130.csv');
    expect(contentDisposition('histories_本店_20261101-20261130.csv')).toBe(
      `attachment; filename="histories____20261101-20261130.csv"; filename*=UTF-8''histories_%E6%9C%AC%E5%BA%97_20261101-20261130.csv`,
    );
  });
});

describe('a CSV file stream', () => {
  it('reads and writes a few batches ahead of a client that has not read them yet, and no more', async () => {
    // A quarter of what the stream holds ahead (CSV_READ_AHEAD_BYTES, 1 MB).
    const batch = Buffer.alloc(256 * 1024, 0x41);
    let pulled = 0;
    async function* batches(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 20; i++) {
        pulled++;
        yield batch;
      }
    }
    const stream = csvFileStream(['a'], batches(), 'cp932');
    // The client takes the first bytes and then reads nothing (its compression, say, is busy).
    await new Promise<void>((resolve) => stream.once('readable', resolve));
    const first = stream.read(1) as Buffer;
    expect(first.toString('latin1')).toBe('a');
    await vi.waitFor(() => expect(pulled).toBeGreaterThanOrEqual(4));
    // Held ahead within its bound: about a megabyte, not the file.
    await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBeLessThanOrEqual(6);
    stream.destroy();
  });
});

const PARTNER = { id: 99, name: '㈱髙島屋①', walletNo: '1100000099' };
const DAY = tokyoDay(-2);
const COMMENTS = ['=HYPERLINK("http://example.com")', '髙橋様 ① ㈱テスト, "引用"', '@営業部', '-割引'];
const guarded = (text: string | null) => (text === null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describeEachDatabase('CSV downloads', (env) => {
  let member: SignedIn;

  const download = (caller: SignedIn, report: string, query: Record<string, string | number>, merchantId = 1) =>
    env().app.inject({
      method: 'GET',
      url: `/api/merchants/${merchantId}/downloads/${report}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { authorization: caller.authorization },
    });

  async function listAll(query: Record<string, string | number>): Promise<History[]> {
    const rows: History[] = [];
    for (let page = 1; ; page++) {
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories`,
        query: Object.fromEntries(
          Object.entries({ ...query, limit: 100, offset: page }).map(([k, v]) => [k, String(v)]),
        ),
        headers: { authorization: member.authorization },
      });
      const body = CALLS.listWalletHistories.response.parse(response.json());
      rows.push(...body.items);
      if (body.items.length < 100) return rows;
    }
  }

  const asCsvRows = (rows: History[]) =>
    rows.map((r) => [
      String(r.transaction_id),
      csvDateTime(r.created_at),
      TRANSACTION_TYPE_LABELS[r.type],
      r.coin_name,
      String(r.amount),
      String(r.balance),
      guarded(r.counterparty),
      guarded(r.comment),
    ]);

  beforeAll(async () => {
    member = await signIn(env().app, DEMO.member);
    const { db } = env();
    await db
      .insertInto('merchants')
      .values({
        id: PARTNER.id,
        name: PARTNER.name,
        wallet_no: PARTNER.walletNo,
        group_id: null,
        allow_subscription: 0,
        status: 'OPEN',
      })
      .execute();
    await db
      .insertInto('wallets')
      .values({ wallet_no: PARTNER.walletNo, owner_type: 'merchant', merchant_id: PARTNER.id })
      .execute();
    const at = (minute: number) => new Date(`${DAY}T12:${String(minute).padStart(2, '0')}:00+09:00`);
    // Days ago, among the seeded entries.
    await insertPastTransaction(db, {
      type: 'REBATE',
      merchantId: PARTNER.id,
      entries: [
        { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -100_000 },
        { walletNo: PARTNER.walletNo, coinId: 1, amount: 100_000 },
      ],
      at: at(0),
    });
    for (const [i, comment] of COMMENTS.entries()) {
      await insertPastTransaction(db, {
        type: 'TRANSFER',
        merchantId: PARTNER.id,
        entries: [
          { walletNo: PARTNER.walletNo, coinId: 1, amount: -(1000 + i) },
          { walletNo: DEMO.mainWalletNo, coinId: 1, amount: 1000 + i },
        ],
        comment,
        at: at(i + 1),
      });
    }
  });

  it('streams the whole filtered history as Windows-31J, rows equal to every page of the list', async () => {
    const query = { start_date: tokyoDay(-400), end_date: tokyoDay() };
    const response = await download(member, 'histories', query);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(csvFileName('histories', 'めぶくカフェ 本店', query.start_date, query.end_date))}`,
    );
    const bytes = response.rawPayload;
    // Not UTF-8: 本 is 0x96 0x7B in CP932.
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const records = parseCsv(iconv.decode(bytes, 'cp932'));
    // The list's column names (取引後残高, 相手先), the transaction id first.
    expect(records[0]).toEqual([...HISTORY_CSV_HEADER]);
    const list = await listAll(query);
    expect(list.length).toBeGreaterThan(KEYSET_BATCH_SIZE); // more than one keyset batch
    expect(records.slice(1)).toEqual(asCsvRows(list));
  });

  it('round-trips 髙, ① and ㈱ through CP932, with formulas made inert', async () => {
    const response = await download(member, 'histories', { start_date: DAY, end_date: DAY, type: 'TRANSFER' });
    const records = parseCsv(iconv.decode(response.rawPayload, 'cp932')).slice(1);
    const ours = records.filter((r) => r[6] === PARTNER.name);
    expect(ours.map((r) => r[7])).toEqual([...COMMENTS].reverse().map(guarded));
    expect(ours.map((r) => r[4])).toEqual(['1003', '1002', '1001', '1000']);
    expect(records.every((r) => r[2] === TRANSACTION_TYPE_LABELS.TRANSFER)).toBe(true);
    // The bytes themselves hold the CP932 codes of 髙 (0xFB 0xFC), ① (0x87 0x40) and ㈱ (0x87 0x8A).
    const bytes = response.rawPayload;
    expect(bytes.includes(Buffer.from([0xfb, 0xfc]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x87, 0x40]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x87, 0x8a]))).toBe(true);
    expect(records.slice(0).map((r) => r.slice(0, 6))).toEqual(
      asCsvRows(await listAll({ start_date: DAY, end_date: DAY, type: 'TRANSFER' })).map((r) => r.slice(0, 6)),
    );
  });

  it('writes UTF-8 with a BOM on request, the same rows', async () => {
    const query = { start_date: tokyoDay(-30), end_date: tokyoDay() };
    const utf8 = await download(member, 'histories', { ...query, encoding: 'utf8' });
    expect(utf8.headers['content-type']).toBe('text/csv; charset=UTF-8');
    expect(utf8.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const cp932 = await download(member, 'histories', query);
    expect(parseCsv(utf8.rawPayload.subarray(3).toString('utf8'))).toEqual(
      parseCsv(iconv.decode(cp932.rawPayload, 'cp932')),
    );
  });

  it('sends the same bytes compressed, as Brotli or gzip, to a client that accepts it', async () => {
    const query = { start_date: tokyoDay(-30), end_date: tokyoDay() };
    const plain = await download(member, 'histories', query);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    const compressed = async (encoding: 'br' | 'gzip') => {
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/merchants/1/downloads/histories`,
        query,
        headers: { authorization: member.authorization, 'accept-encoding': encoding },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      return response.rawPayload;
    };
    const br = await compressed('br');
    expect(brotliDecompressSync(br)).toEqual(plain.rawPayload);
    expect(br.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await compressed('gzip');
    expect(gunzipSync(gz)).toEqual(plain.rawPayload);
    expect(gz.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('downloads transaction fees as the list shows them', async () => {
    const query = { start_date: tokyoDay(-40), end_date: tokyoDay(), type: 'PAYMENT' };
    const response = await download(member, 'tx_fees', query);
    const records = parseCsv(iconv.decode(response.rawPayload, 'cp932')).slice(1);
    const list = CALLS.listTxFees.response.parse(
      (
        await env().app.inject({
          method: 'GET',
          url: `/api/merchants/1/tx_fees`,
          query: { start_at: query.start_date, end_at: query.end_date, type: 'PAYMENT', limit: '100' },
          headers: { authorization: member.authorization },
        })
      ).json(),
    );
    expect(records).toHaveLength(list.total);
    expect(records.slice(0, list.items.length)).toEqual(
      list.items.map((i) => [
        String(i.transaction_id),
        csvDateTime(i.created_at),
        TRANSACTION_TYPE_LABELS.PAYMENT,
        i.coin_name,
        String(i.amount),
        String(i.fee_rate_bp),
        String(i.fee),
      ]),
    );
  });

  it('downloads refund applications and refund fees of the period', async () => {
    const query = { start_date: tokyoDay(-400), end_date: tokyoDay() };
    const [header, ...applications] = parseCsv(
      iconv.decode((await download(member, 'refund_applications', query)).rawPayload, 'cp932'),
    );
    const stored = await env()
      .db.selectFrom('refund_applications')
      .select(['id', 'status', 'reason'])
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(applications.map((r) => Number(r[0]))).toEqual(stored.map((r) => r.id));
    // The reason the merchant gave, under the list's heading; empty when none was given (the seed gives most one).
    const reasonColumn = header?.indexOf('返金理由') ?? -1;
    expect(reasonColumn).toBeGreaterThan(0);
    expect(applications.map((r) => r[reasonColumn])).toEqual(stored.map((r) => r.reason ?? ''));
    expect(stored.some((r) => r.reason !== null)).toBe(true);
    const fees = parseCsv(iconv.decode((await download(member, 'refund_fees', query)).rawPayload, 'cp932')).slice(1);
    expect(fees.length).toBe(stored.filter((r) => r.status === 'APPROVED').length);
    expect(fees.length).toBeGreaterThan(0);
  });

  it("answers 404 for another merchant's report and 400 for a bad report or encoding", async () => {
    const query = { start_date: tokyoDay(-1), end_date: tokyoDay() };
    const other = await download(member, 'histories', query, DEMO.bakeryMerchantId);
    expect(other.statusCode).toBe(404);
    expect((await download(member, 'secrets', query)).statusCode).toBe(400);
    expect((await download(member, 'histories', { ...query, encoding: 'latin1' })).statusCode).toBe(400);
  });
});
