import { Worker } from 'node:worker_threads';
import type { CsvEncoding } from '@coin/contract';
import type { HistoryCsvKind } from '../domain/historyRows';
import { movable } from './csv';
import type { CsvWorkerAnswer, CsvWorkerRequest } from './csvWorker';

/**
 * The history CSV writer's worker thread (csvWorker.ts), started with the first export on the embedded
 * database and shared by every export of the process; it never keeps the process alive. From the built
 * server (server/dist/server.mjs) it is csvWorker.mjs beside it; from the TypeScript source (tests, the
 * processes they start) csvWorker.ts, loaded through tsx as the source is.
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSource ? './csvWorker.ts' : './csvWorker.mjs', import.meta.url);

/**
 * The worker's young generation: at most 16 MB (V8 let it reach about 48). What the worker allocates dies
 * within a batch, so a smaller young generation costs it nothing, and the worker's heap stays about half
 * as large: writing 1,000,000 rows alone, committed 93 → ~42 MB at the same pace; in the money bench the
 * first PGlite export's RSS growth 56, 98 and 108 MB uncapped, 63 and 82 MB (76 at 12 MB), same hour. Its old generation is
 * left uncapped: a cap there slowed exports (docs/architecture.md) and would end one that needs more in
 * an out-of-memory error.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16 };

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const execArgv =
    fromSource && !process.execArgv.some((arg) => arg.includes('tsx'))
      ? [...process.execArgv, '--import', 'tsx']
      : undefined;
  const thread = new Worker(WORKER_FILE, { ...(execArgv ? { execArgv } : {}), resourceLimits: WORKER_LIMITS });
  thread.unref();
  thread.on('message', (answer: CsvWorkerAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ('error' in answer) waiting.reject(new Error(`the CSV worker failed: ${answer.error}`));
    else waiting.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
  });
  // A thread that dies fails what it held; the next export starts another.
  const gone = (error: Error) => {
    if (worker === thread) worker = undefined;
    failAll(error);
  };
  thread.on('error', gone);
  thread.on('exit', (code) => gone(new Error(`the CSV worker stopped (exit code ${code})`)));
  worker = thread;
  return thread;
}

/**
 * One COPY output batch of a history (UTF-8 bytes) written as CSV bytes of the file's kind and encoding, in
 * the worker. Bytes that fill their own buffer are moved to the worker, not copied (the caller's view is
 * emptied): the main thread keeps no copy of a batch it has handed over, nor a string of it.
 */
export function writeHistoryBatch(copied: Uint8Array, kind: HistoryCsvKind, encoding: CsvEncoding): Promise<Buffer> {
  const thread = started();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, copied, kind, encoding } satisfies CsvWorkerRequest, movable(copied));
  });
}

/**
 * A history file's batches written in the worker, in order. The next batch is read (the embedded
 * database runs its COPY on this thread) while the worker writes the one before: the export goes at the
 * pace of the slower of the two instead of their sum. At most two batches are in the worker.
 */
export async function* historyBatchesWritten(
  copies: AsyncIterable<Uint8Array>,
  kind: HistoryCsvKind,
  encoding: CsvEncoding,
): AsyncGenerator<Buffer> {
  let previous: Promise<Buffer> | undefined;
  for await (const copied of copies) {
    const next = writeHistoryBatch(copied, kind, encoding);
    // Awaited in the next turn; a reader that stops early (a client gone) leaves it unread, not unhandled.
    next.catch(() => {});
    if (previous) yield await previous;
    previous = next;
  }
  if (previous) yield await previous;
}
