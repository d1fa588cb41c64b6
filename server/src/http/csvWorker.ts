import { parentPort } from 'node:worker_threads';
import type { CsvEncoding } from '@coin/contract';
import { copiedText } from '../db/copyOut';
import { copiedHistoryRows, type HistoryCsvKind, historyCells } from '../domain/historyRows';
import { csvBatchWriter, movable } from './csv';

/**
 * The worker thread that writes history CSV files on the embedded database (csvWorkers.ts starts it):
 * there PostgreSQL itself runs on the main thread, and writing the rows took as long again, so the two
 * now run side by side. A request is one COPY output batch of a history (UTF-8 bytes, histories.ts:
 * historyCopies), the file's kind and encoding; the answer is the batch written as CSV bytes (both moved, not
 * copied, between the threads). It holds nothing of a file
 * but the text cells it has written, which are the same for every file of an encoding.
 */

export interface CsvWorkerRequest {
  id: number;
  copied: Uint8Array;
  kind: HistoryCsvKind;
  encoding: CsvEncoding;
}

export type CsvWorkerAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

const writers = new Map<CsvEncoding, ReturnType<typeof csvBatchWriter>>();

/**
 * Rows of a batch read and written at a time: the objects, cells and text of a 10,000-row batch, all alive
 * until its CSV was encoded, outlived the young generation and were copied into the old one; a thousand
 * rows' worth dies young (money bench, 1,000,000 rows: the first export's RSS growth 245 -> 151 MB, the
 * second's 64 -> 23 MB, the rates unchanged).
 */
const ROWS_AT_A_TIME = 1_000;
const NEWLINE = 0x0a;

/**
 * One COPY output batch written as CSV bytes by `write`, `rowsAtATime` rows at a time (the same bytes as
 * the whole batch at once: the writer's remembered cells change how it works, not what it writes).
 */
export function writtenCopy(
  copied: Uint8Array,
  kind: HistoryCsvKind,
  write: ReturnType<typeof csvBatchWriter>,
  rowsAtATime = ROWS_AT_A_TIME,
): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  while (start < copied.length) {
    // The end of the next rows (a COPY text row ends with a newline, a byte UTF-8 uses for nothing else).
    let end = start;
    for (let counted = 0; counted < rowsAtATime && end < copied.length; counted++) {
      const newline = copied.indexOf(NEWLINE, end);
      end = newline === -1 ? copied.length : newline + 1;
    }
    const rows = copiedHistoryRows(copiedText(copied.subarray(start, end)));
    parts.push(write(rows.map((row) => historyCells(row, kind))));
    start = end;
  }
  return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
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
