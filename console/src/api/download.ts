/** What has arrived of a download so far (its total is unknown: the server streams it). */
export interface DownloadProgress {
  bytes: number;
  /** Records received after the header; always 0 for a file that is not CSV (an image, a PDF). */
  rows: number;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  bytes: number;
  rows: number;
}

const LINE_FEED = 0x0a;
const QUOTE = 0x22;

function decodeExtValue(value: string): string | null {
  // RFC 5987: charset'language'percent-encoded
  const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value);
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  if (charset.toLowerCase() !== 'utf-8') return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

function parameter(header: string, name: string): string | null {
  const pattern = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*("(?:[^"\\\\]|\\\\.)*"|[^;]*)`, 'i');
  const match = pattern.exec(header);
  if (!match?.[1]) return null;
  const raw = match[1].trim();
  return raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
}

/** Strips what a file system would refuse (path separators, control characters). */
const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim();

/**
 * The file name a Content-Disposition header gives: `filename*` (RFC 5987/6266, UTF-8) first, then
 * `filename`; `fallback` when there is neither.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (header) {
    const extended = parameter(header, 'filename\\*');
    const decoded = extended ? decodeExtValue(extended) : null;
    const name = decoded ?? parameter(header, 'filename');
    if (name && safeFileName(name)) return safeFileName(name);
  }
  return fallback;
}

/**
 * Counts the record ends of a CSV stream chunk by chunk: line feeds outside quoted fields (a quoted
 * comment may hold line breaks). Byte-wise is safe in Windows-31J and UTF-8: neither uses the bytes of
 * '"' or a line feed inside a multi-byte character.
 */
export class RecordCounter {
  records = 0;
  private quoted = false;

  add(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (byte === LINE_FEED && !this.quoted) this.records += 1;
    }
  }
}

/**
 * Reads a streamed file answer chunk by chunk, reporting bytes (and, for CSV, rows) as they arrive,
 * and returns its bytes untouched as a Blob named as the server says. Aborting `signal` cancels the stream.
 */
export async function receiveFile(
  response: Response,
  options: {
    fallbackName: string;
    onProgress?: (progress: DownloadProgress) => void;
    signal?: AbortSignal;
    /** Records before the rows: 1 (the header) unless the report has none (CSV_REPORTS_WITHOUT_HEADER). */
    headerRecords?: number;
  },
): Promise<DownloadedFile> {
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), options.fallbackName);
  const type = response.headers.get('Content-Type') ?? 'text/csv';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  // Only CSV has records to count: the bytes of a PNG or a PDF would give a meaningless number.
  const records = /^text\/csv\b/i.test(type) ? new RecordCounter() : null;
  // The first record is the header, if the file has one.
  const headerRecords = options.headerRecords ?? 1;
  const rows = () => (records ? Math.max(0, records.records - headerRecords) : 0);
  if (response.body) {
    const reader = response.body.getReader();
    const cancel = () => void reader.cancel().catch(() => {});
    options.signal?.addEventListener('abort', cancel);
    try {
      for (;;) {
        if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('aborted', 'AbortError');
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        records?.add(value);
        options.onProgress?.({ bytes, rows: rows() });
      }
    } finally {
      options.signal?.removeEventListener('abort', cancel);
    }
    if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('aborted', 'AbortError');
  }
  return { blob: new Blob(chunks, { type }), fileName, bytes, rows: rows() };
}

/** Hands a Blob to the browser as a download under `fileName`. */
export function saveFile(file: Pick<DownloadedFile, 'blob' | 'fileName'>): void {
  const url = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the Blob once click() returns; give it a moment before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
