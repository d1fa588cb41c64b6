import { CALLS, HISTORY_CSV_HEADER, type History, TRANSACTION_TYPE_LABELS } from '@coin/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { KEYSET_BATCH_SIZE } from '../domain/keyset';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { referenceCp932Text, referenceCsv, referenceEncode } from '../testing/csvReference';
import { DEMO, describeEachDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';
import { insertPastTransaction } from '../testing/pastPosting';
import { type CsvCell, csvStream, encodeCsv } from './csv';

// The downloads below cross keyset batches: the demo wallet's history holds a few thousand entries, fewer
// than the product's batch (keyset.ts), so these files read in batches of 1,000.
vi.mock('../domain/keyset', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../domain/keyset')>()),
  KEYSET_BATCH_SIZE: 1_000,
}));

/**
 * Issue 28: the fast CSV writer (remembered cells, Windows-31J bytes per code unit, dates from a day table)
 * writes exactly the bytes of the writer before it (testing/csvReference.ts), whatever the cells.
 */

type Encoding = 'utf8' | 'cp932';

/** A small seeded generator (mulberry32): the same sample on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] as T };
}

/** Pieces of text that exercise every branch: quoting, formula guards, invisible prefixes, what CP932 lacks. */
const PIECES = [
  'abc',
  'A-1',
  '本店',
  'めぶくカフェ',
  'ｶﾅ',
  '髙橋',
  '①',
  '㈱',
  '～',
  '〜',
  '−',
  '‖',
  '¢£¬',
  '—',
  '¥',
  '\\',
  '~',
  ',',
  '"',
  '\r\n',
  '\n',
  '\t',
  '=',
  '+',
  '-',
  '@',
  '＝',
  '＋',
  '－',
  '＠',
  ' ',
  '\u3000',
  '\u200D',
  '\u200B',
  '\uFEFF',
  '\u200E',
  '\uFE0F',
  '\u3099',
  'か\u3099',
  'ハ\u309A',
  '葛\u{E0100}',
  '𠮷',
  '😀',
  'é',
  'e\u0301',
  '\uD800',
  '\uDC00x',
  '﨑',
  'コイン発行元',
  'HYPERLINK("http://x")',
  '1,000',
];

function sampleCell(random: ReturnType<typeof seeded>): CsvCell {
  switch (random.int(6)) {
    case 0:
      return random.pick([null, undefined, 0, -1, 1, 1500, -1500, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]);
    case 1:
      return random.int(2_000_000) - 1_000_000;
    case 2: {
      // Instants from 2000 to 2099, some on a Tokyo midnight or a second's last millisecond.
      const ms = Date.UTC(2000, 0, 1) + random.int(100 * 365) * 86_400_000 + random.int(86_400_000);
      return new Date(random.pick([ms, ms - (ms % 86_400_000) - 9 * 3_600_000, ms - (ms % 1000) + 999]));
    }
    case 3:
      return random.pick(['支払い', 'チャージ', 'コイン', 'コイン発行元', 'bulk 1', '']);
    default: {
      let text = '';
      for (let n = random.int(5); n >= 0; n--) text += random.pick(PIECES);
      return text;
    }
  }
}

async function streamed(
  header: readonly string[],
  batches: readonly (readonly CsvCell[])[][],
  encoding: Encoding,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const source = (async function* () {
    yield* batches;
  })();
  for await (const chunk of csvStream(header, source, (row) => row, encoding)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the CSV writer against the writer before issue 28', () => {
  it.each(['cp932', 'utf8'] as const)('writes the same bytes for a varied sample (%s)', async (encoding) => {
    const random = seeded(28);
    const batches: CsvCell[][][] = [];
    for (let b = 0; b < 12; b++) {
      // Batches of any size, rows of any width (the cells remembered by the stream span batches).
      batches.push(
        Array.from({ length: random.int(400) }, () =>
          Array.from({ length: 1 + random.int(9) }, () => sampleCell(random)),
        ),
      );
    }
    const rows = batches.flat();
    expect(rows.length).toBeGreaterThan(1000);
    const header = ['取引ID', '=日時', 'コメント, 備考'];
    const bytes = await streamed(header, batches, encoding);
    expect(bytes.equals(referenceCsv(header, rows, encoding))).toBe(true);
  });

  it('encodes every BMP character as iconv-lite does, alone and in a cell', async () => {
    let every = '';
    for (let unit = 0; unit < 0x10000; unit++) if (unit < 0xd800 || unit > 0xdfff) every += String.fromCharCode(unit);
    // As it comes (rewritten first), and as Windows-31J holds it (written a code unit at a time).
    const held = referenceCp932Text(every);
    expect(held).not.toBe(every);
    expect(encodeCsv(every, 'cp932').equals(referenceEncode(every, 'cp932'))).toBe(true);
    expect(encodeCsv(held, 'cp932').equals(referenceEncode(held, 'cp932'))).toBe(true);
    for (const encoding of ['cp932', 'utf8'] as const) {
      const bytes = await streamed(['h'], [[[every, 1]], [[held, every]]], encoding);
      expect(
        bytes.equals(
          referenceCsv(
            ['h'],
            [
              [every, 1],
              [held, every],
            ],
            encoding,
          ),
        ),
      ).toBe(true);
    }
  });
});

describeEachDatabase('the history export against the writer before issue 28', (env) => {
  let member: SignedIn;
  const DAY = tokyoDay(-3);
  const COMMENTS = [
    '=HYPERLINK("http://example.com")',
    '髙橋様 ① ㈱テスト, "引用"',
    'か\u3099ーと\u3099 😀',
    '\u200D@営業部',
  ];

  beforeAll(async () => {
    member = await signIn(env().app, DEMO.member);
    for (const [i, comment] of COMMENTS.entries()) {
      await insertPastTransaction(env().db, {
        type: 'TRANSFER',
        merchantId: null,
        entries: [
          { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -(100 + i) },
          { walletNo: DEMO.mainWalletNo, coinId: 1, amount: 100 + i },
        ],
        comment,
        at: new Date(`${DAY}T23:59:59.${String(990 + i)}+09:00`),
      });
    }
  });

  /** Every row of the history list, through its pages. */
  async function listed(query: Record<string, string>): Promise<History[]> {
    const rows: History[] = [];
    for (let page = 1; ; page++) {
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/wallets/${DEMO.mainWalletNo}/histories`,
        query: { ...query, limit: '100', offset: String(page) },
        headers: { authorization: member.authorization },
      });
      const body = CALLS.listWalletHistories.response.parse(response.json());
      rows.push(...body.items);
      if (body.items.length < 100) return rows;
    }
  }

  it.each(['cp932', 'utf8'] as const)(
    'downloads the bytes the reference writes from the list (%s)',
    async (encoding) => {
      const query = { start_date: tokyoDay(-400), end_date: tokyoDay() };
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/merchants/${DEMO.mainMerchantId}/downloads/histories`,
        query: { ...query, encoding },
        headers: { authorization: member.authorization },
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows = await listed(query);
      // More than one keyset batch, and the rows written above among them.
      expect(rows.length).toBeGreaterThan(KEYSET_BATCH_SIZE);
      expect(rows.filter((row) => COMMENTS.includes(row.comment ?? ''))).toHaveLength(COMMENTS.length);
      const cells = rows.map((row) => [
        row.transaction_id,
        new Date(row.created_at),
        TRANSACTION_TYPE_LABELS[row.type],
        row.coin_name,
        row.amount,
        row.balance,
        row.counterparty,
        row.comment,
      ]);
      expect(response.rawPayload.equals(referenceCsv(HISTORY_CSV_HEADER, cells, encoding))).toBe(true);
    },
  );
});
