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

function written({ copied, kind, encoding }: CsvWorkerRequest): Uint8Array {
  let write = writers.get(encoding);
  if (!write) {
    write = csvBatchWriter(encoding);
    writers.set(encoding, write);
  }
  return write(copiedHistoryRows(copiedText(copied)).map((row) => historyCells(row, kind)));
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
