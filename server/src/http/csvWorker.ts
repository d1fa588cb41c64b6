import { parentPort } from 'node:worker_threads';
import type { CsvEncoding } from '@coin/contract';
import { copiedHistoryCells, type HistoryCell, type HistoryCsvKind } from '../domain/historyRows';
import { type CsvBatchWriter, csvBatchWriter, movable } from './csv';

/**
 * The worker thread that writes history CSV files on the embedded database (csvWorkers.ts starts it):
 * there PostgreSQL itself runs on the main thread, and writing the rows took as long again, so the two
 * now run side by side. A request is one COPY output batch of a history (UTF-8 bytes, histories.ts:
 * historyCopies), the file's kind and encoding; the answer is the batch written as CSV bytes (both moved, not
 * copied, between the threads). It holds nothing of a file but, per encoding, the text cells it has
 * written and the buffer it writes a batch into (the size of the largest batch), and the short fields its
 * row reader has met (historyRows.ts: repeatedText): names, wallet numbers and types, the same for every
 * file. A batch that fails leaves nothing of its bytes behind (writtenCopy).
 */

export interface CsvWorkerRequest {
  id: number;
  copied: Uint8Array;
  kind: HistoryCsvKind;
  encoding: CsvEncoding;
}

export type CsvWorkerAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

const writers = new Map<CsvEncoding, CsvBatchWriter>();

/**
 * Rows turned into cells before they are written: the objects and cells of a 10,000-row batch, all alive
 * until its CSV was encoded, outlived the young generation and were copied into the old one; a thousand
 * rows' worth dies young (money bench, 1,000,000 rows: the first export's RSS growth 245 -> 151 MB, the
 * second's 64 -> 23 MB, the rates unchanged).
 */
const ROWS_AT_A_TIME = 1_000;
const NEWLINE = 0x0a;

/**
 * One COPY output batch written as CSV bytes by `write`, `rowsAtATime` rows at a time (the same bytes as
 * the whole batch at once: the writer's remembered cells change how it works, not what it writes). Each row
 * is read on its own (copiedHistoryCells): no string of a thousand rows outlives a young-generation collection.
 */
export function writtenCopy(
  copied: Uint8Array,
  kind: HistoryCsvKind,
  write: CsvBatchWriter,
  rowsAtATime = ROWS_AT_A_TIME,
): Buffer {
  const bytes = Buffer.from(copied.buffer, copied.byteOffset, copied.byteLength);
  let rows: HistoryCell[][] = [];
  let start = 0;
  try {
    // A COPY text row ends with a newline, a byte UTF-8 uses for nothing else.
    for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      rows.push(copiedHistoryCells(bytes, start, end, kind));
      start = end + 1;
      if (rows.length === rowsAtATime) {
        write.append(rows);
        rows = [];
      }
    }
    if (start < bytes.length) throw new Error('the COPY output ended inside a row');
    write.append(rows);
  } catch (error) {
    // The writer serves every file of its encoding: what this batch wrote before it failed (whole records,
    // or part of one) must not begin the next file's batch.
    write.take();
    throw error;
  }
  return write.take();
}

function written({ copied, kind, encoding }: CsvWorkerRequest): Uint8Array {
  let write = writers.get(encoding);
  if (!write) {
    write = csvBatchWriter(encoding);
    writers.set(encoding, write);
  }
  return writtenCopy(copied, kind, write);
}

parentPort?.on('message', (request: CsvWorkerRequest) => {
  let answer: CsvWorkerAnswer;
  try {
    answer = { id: request.id, bytes: written(request) };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(answer, 'bytes' in answer ? movable(answer.bytes) : []);
});
