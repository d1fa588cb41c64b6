import type { CsvEncoding } from '@coin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import { historyBatches, historyCopies } from '../domain/histories';
import { type HistoryCsvKind, lastCopiedCursor } from '../domain/historyRows';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { createTestDatabase, DEMO, type TestDatabase } from '../testing/harness';
import { insertPastTransaction } from '../testing/pastPosting';
import { csvBatchWriter } from './csv';
import { writtenCopy } from './csvWorker';
import { historyBatchesWritten, writeHistoryBatch } from './csvWorkers';

/**
 * The embedded database's history files are written in a worker thread from COPY text: they must be the
 * very bytes the main thread's writer gives for the same rows, whatever the text holds (COPY escapes, a
 * formula, quotes, characters Windows-31J lacks or holds under another code point).
 */

const DAY = '2016-02-29';
const COMMENTS = [
  '=SUM(A1:A2)',
  'タブ\tと改行\r\nと"引用符",カンマ',
  '波ダッシュ〜とマイナス−と絵文字🍞',
  'か\u3099（濁点を分けて）と\\バックスラッシュ',
];
const ROWS_PER_BATCH = 2;

let database: TestDatabase;
let db: Db;
const filter = () => ({ walletNo: DEMO.mainWalletNo, startDate: DAY, endDate: DAY });

const utf8 = (text: string) => new TextEncoder().encode(text);

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* onMainThread(kind: HistoryCsvKind, encoding: CsvEncoding, of: ReturnType<typeof filter>) {
  const write = csvBatchWriter(encoding);
  for await (const rows of historyBatches(db, of, kind, ROWS_PER_BATCH)) yield write(rows);
}

describe('history files written in the worker thread (embedded database)', () => {
  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'pglite', url: null });
    db = database.db;
    const at = (minute: number) => new Date(`${DAY}T10:${String(minute).padStart(2, '0')}:00.123456+09:00`);
    let paid = 0;
    for (const [i, comment] of COMMENTS.entries()) {
      paid = await insertPastTransaction(db, {
        type: 'PAYMENT',
        merchantId: DEMO.mainMerchantId,
        comment,
        entries: [
          { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -(1000 + i) },
          { walletNo: DEMO.mainWalletNo, coinId: 1, amount: 1000 + i },
        ],
        at: at(i),
      });
    }
    await insertPastTransaction(db, {
      type: 'CASH_CANCEL',
      merchantId: DEMO.mainMerchantId,
      relatedTransactionId: paid,
      entries: [
        { walletNo: DEMO.mainWalletNo, coinId: 1, amount: -1003 },
        { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: 1003 },
      ],
      at: at(30),
    });
  });
  afterAll(async () => database?.close());

  for (const encoding of ['cp932', 'utf8'] as const) {
    it(`writes the same ${encoding} bytes as the main thread, for every kind of history file`, async () => {
      const files: Record<
        HistoryCsvKind,
        ReturnType<typeof filter> & { type?: 'CASH_CANCEL'; commentsOnly?: boolean }
      > = {
        histories: filter(),
        cashcancel: { ...filter(), type: 'CASH_CANCEL' },
        comments: { ...filter(), commentsOnly: true },
      };
      for (const [kind, of] of Object.entries(files) as [HistoryCsvKind, (typeof files)[HistoryCsvKind]][]) {
        const copies = historyCopies(db, of, ROWS_PER_BATCH);
        expect(copies).not.toBeNull();
        const inWorker = await bytesOf(historyBatchesWritten(copies as AsyncGenerator<Uint8Array>, kind, encoding));
        const main = await bytesOf(onMainThread(kind, encoding, of));
        expect(main.length).toBeGreaterThan(0);
        expect(inWorker.equals(main)).toBe(true);
      }
      const whole = await bytesOf(onMainThread('histories', encoding, filter()));
      const text = encoding === 'utf8' ? whole.toString('utf8') : whole.toString('latin1');
      expect(text.split('\r\n').length - 1).toBe(COMMENTS.length + 1 + 1 /* the comment's own CRLF */);
      expect(text).toContain("'=SUM(A1:A2)");
    });
  }

  it('fails a batch it cannot read, and goes on writing the next ones', async () => {
    await expect(writeHistoryBatch(utf8('not a history row\n'), 'histories', 'utf8')).rejects.toThrow(
      'the CSV worker failed',
    );
    const copies = historyCopies(db, filter(), ROWS_PER_BATCH) as AsyncGenerator<Uint8Array>;
    expect((await bytesOf(historyBatchesWritten(copies, 'histories', 'utf8'))).length).toBeGreaterThan(0);
  });

  it('leaves nothing of a batch that fails for the next file of the same encoding', async () => {
    const copiedRow = (amount: string) =>
      `1\t2\t2026-01-01T00:00:00.000000Z\tTRANSFER\t\\N\t1\tめぶくコイン\t${amount}\t1\t1100000002\t本店\t前のファイルのメモ\n`;
    // The second record fails in the writer, part-way through it (an amount past 2^53).
    const failing = copiedRow('100') + copiedRow('1152921504606846976');
    const next = copiedRow('7');
    const alone = writtenCopy(utf8(next), 'histories', csvBatchWriter('utf8'));
    const write = csvBatchWriter('utf8');
    expect(() => writtenCopy(utf8(failing), 'histories', write)).toThrow('integers');
    expect(writtenCopy(utf8(next), 'histories', write).equals(alone)).toBe(true);
    // In the worker, whose writer serves every file of its encoding.
    await expect(writeHistoryBatch(utf8(failing), 'histories', 'utf8')).rejects.toThrow('the CSV worker failed');
    expect((await writeHistoryBatch(utf8(next), 'histories', 'utf8')).equals(alone)).toBe(true);
  });

  it('moves a batch to the worker rather than copying it, unless its buffer holds other data', async () => {
    const copies = historyCopies(db, filter(), ROWS_PER_BATCH) as AsyncGenerator<Uint8Array>;
    const first = (await copies.next()).value as Uint8Array;
    await copies.return(undefined);
    const size = first.byteLength;
    expect(size).toBeGreaterThan(0);
    const shared = new Uint8Array(new ArrayBuffer(size + 8), 0, size);
    shared.set(first);
    const fromShared = await writeHistoryBatch(shared, 'histories', 'utf8');
    expect(shared.byteLength).toBe(size);
    const moved = await writeHistoryBatch(first, 'histories', 'utf8');
    // Moved: this thread's view of the batch is emptied (its memory went with the message).
    expect(first.byteLength).toBe(0);
    expect(moved.equals(fromShared)).toBe(true);
    expect(moved.length).toBeGreaterThan(0);
  });

  it('writes a batch a few rows at a time as the same bytes as all its rows at once', async () => {
    const copies = historyCopies(db, filter(), 100) as AsyncGenerator<Uint8Array>;
    const batch = await bytesOf(copies);
    const rows = lastCopiedCursor(batch).rows;
    expect(rows).toBe(COMMENTS.length + 1);
    for (const encoding of ['cp932', 'utf8'] as const) {
      const whole = writtenCopy(batch, 'histories', csvBatchWriter(encoding), rows);
      expect(whole.length).toBeGreaterThan(0);
      // One row at a time, two (the last part shorter), and more than the batch holds.
      for (const atATime of [1, 2, rows + 1])
        expect(writtenCopy(batch, 'histories', csvBatchWriter(encoding), atATime).equals(whole)).toBe(true);
    }
    expect(writtenCopy(new Uint8Array(0), 'histories', csvBatchWriter('utf8'), 2).length).toBe(0);
  });

  it('reads the count and the last cursor of a COPY text without its other rows', () => {
    expect(lastCopiedCursor(utf8(''))).toEqual({ rows: 0, last: null });
    const text = '7\t70\t2024-02-29T01:00:00.000001Z\tPAYMENT\n8\t80\t2024-02-29T00:59:59.999999Z\tPAYMENT\n';
    expect(lastCopiedCursor(utf8(text))).toEqual({ rows: 2, last: { at: '2024-02-29T00:59:59.999999Z', id: 8 } });
  });
});
