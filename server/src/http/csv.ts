import { Readable } from 'node:stream';
import { type CsvEncoding, tokyoWallClock } from '@coin/contract';
import iconv from 'iconv-lite';

/** Money: histories and fees — the CSV writer of every download. */

export type { CsvEncoding };
/** A Date is written as `YYYY/MM/DD HH:mm:ss` in Asia/Tokyo (csvDateTime). */
export type CsvCell = string | number | Date | null | undefined;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const DAY_MS = 86_400_000;
/** Asia/Tokyo's fixed offset (no summer time), as tokyoWallClock reads it. */
const TOKYO_OFFSET_MS = 9 * 3_600_000;
/** '00' … '59'. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
/** `YYYY/MM/DD ` of each Tokyo day met (days since 1970), so a row's date is not formatted anew. */
const tokyoDays = new Map<number, string>();
const TOKYO_DAYS_MAX = 10_000;

/** An instant's Asia/Tokyo wall clock in milliseconds since 1970 (csvDateTime's day and second come from it). */
function tokyoWall(instant: Date | string): number {
  const wall = (typeof instant === 'string' ? Date.parse(instant) : instant.getTime()) + TOKYO_OFFSET_MS;
  if (!Number.isFinite(wall)) throw new RangeError(`not a date: ${String(instant)}`);
  return wall;
}

/** `YYYY/MM/DD ` of a Tokyo day (days since 1970), remembered. */
function tokyoDayPrefix(day: number): string {
  let date = tokyoDays.get(day);
  if (date === undefined) {
    const iso = tokyoWallClock(day * DAY_MS - TOKYO_OFFSET_MS);
    date = `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} `;
    if (tokyoDays.size >= TOKYO_DAYS_MAX) tokyoDays.clear();
    tokyoDays.set(day, date);
  }
  return date;
}

/** `YYYY/MM/DD HH:mm:ss` in Asia/Tokyo (the second as the wall clock shows it: never rounded up). */
export function csvDateTime(instant: Date | string): string {
  const wall = tokyoWall(instant);
  const day = Math.floor(wall / DAY_MS);
  const second = Math.floor((wall - day * DAY_MS) / 1000);
  return `${tokyoDayPrefix(day)}${TWO_DIGITS[Math.floor(second / 3600)]}:${TWO_DIGITS[Math.floor(second / 60) % 60]}:${TWO_DIGITS[second % 60]}`;
}

/**
 * Characters a reader may drop or skip before it decides whether a cell is a formula: format characters
 * (zero-width joiner and space, byte order mark, direction marks), variation selectors and other
 * non-spacing marks, and spaces (ideographic included).
 */
const IGNORABLE_PREFIX = /^[\p{Cf}\p{Mn}\p{Zs}]*/u;
/** What starts a formula (also in full width, which some readers fold), or hides one behind a tab or CR. */
const FORMULA_START = /^[=+\-@＝＋－＠]/;
const CONTROL_START = /^[\t\r\n]/;

/** Whether a spreadsheet could take the text for a formula. */
export function startsLikeFormula(text: string): boolean {
  // The common case without a regular expression: a visible ASCII character first that starts no formula.
  const first = text.charCodeAt(0);
  if (first > 0x20 && first < 0x7f && first !== 0x3d && first !== 0x2b && first !== 0x2d && first !== 0x40) {
    return false;
  }
  return CONTROL_START.test(text) || FORMULA_START.test(text.replace(IGNORABLE_PREFIX, ''));
}

/**
 * One cell per RFC 4180, as it will be written in `encoding`. Numbers are written as plain integers (a
 * negative amount stays a number). Text is first put in the form the file will hold (Windows-31J drops
 * glyph selectors and the zero-width joiner), and only then checked: text that starts like a formula,
 * even behind invisible characters, is made inert with a leading single quote.
 */
export function csvCell(value: CsvCell, encoding: CsvEncoding = 'utf8'): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return csvDateTime(value);
  if (typeof value === 'number') return String(csvInteger(value));
  return textCell(value, encoding);
}

/** A number as a CSV file holds it: an integer (money), or an error. */
function csvInteger(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`CSV amounts are integers (got ${value})`);
  return value;
}

function textCell(value: string, encoding: CsvEncoding): string {
  const written = encoding === 'cp932' ? toCp932Text(value) : value;
  const text = startsLikeFormula(written) ? `'${written}` : written;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export const csvLine = (cells: readonly CsvCell[], encoding: CsvEncoding = 'utf8'): string =>
  csvRecord(cells, (cell) => csvCell(cell, encoding));

function csvRecord(cells: readonly CsvCell[], cellOf: (cell: CsvCell) => string): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += i === 0 ? cellOf(cells[i]) : `,${cellOf(cells[i])}`;
  return `${line}\r\n`;
}

/** Text cells remembered by one stream: its labels, coin and counterparty names repeat on most rows. */
const REMEMBERED_CELL_LENGTH = 64;
const REMEMBERED_CELLS = 4096;

/** textCell of one stream, remembering the short text cells it has written. */
function rememberingTextCells(encoding: CsvEncoding): (text: string) => string {
  const written = new Map<string, string>();
  return (cell) => {
    let text = written.get(cell);
    if (text === undefined) {
      text = textCell(cell, encoding);
      if (cell.length <= REMEMBERED_CELL_LENGTH) {
        if (written.size >= REMEMBERED_CELLS) written.clear();
        written.set(cell, text);
      }
    }
    return text;
  };
}

/**
 * Characters of JIS-based text (typed on a Mac, or from JIS X 0208 sources) that Windows-31J holds under
 * another code point: WAVE DASH, DOUBLE VERTICAL LINE, MINUS SIGN, CENT, POUND, NOT and EM DASH.
 */
const CP932_EQUIVALENTS: Readonly<Record<string, string>> = {
  '\u301C': '\uFF5E',
  '\u2016': '\u2225',
  '\u2212': '\uFF0D',
  '\u00A2': '\uFFE0',
  '\u00A3': '\uFFE1',
  '\u00AC': '\uFFE2',
  '\u2014': '\u2015',
};

/** What stands for a character Windows-31J lacks: the geta mark 〓, the customary sign of a substitution. */
export const CP932_SUBSTITUTE = '\u3013';

const QUESTION_MARK = 0x3f;
const cp932Forms = new Map<string, string>();
const CP932_FORMS_MAX = 20_000;

/** A non-ASCII character as Windows-31J can hold it: itself, its Windows-31J equivalent, or 〓. */
function cp932Form(char: string): string {
  const known = cp932Forms.get(char);
  if (known !== undefined) return known;
  const candidate = CP932_EQUIVALENTS[char] ?? char;
  const bytes = iconv.encode(candidate, 'cp932');
  // iconv-lite writes '?' for what the code page lacks.
  const form = bytes.length === 1 && bytes[0] === QUESTION_MARK ? CP932_SUBSTITUTE : candidate;
  if (cp932Forms.size < CP932_FORMS_MAX) cp932Forms.set(char, form);
  return form;
}

/** Variation selectors and the zero-width joiner: they only choose a glyph, and Windows-31J has none. */
const GLYPH_SELECTORS = /[\u200D\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
/** A base character with combining marks (が written as か + U+3099, as macOS often sends it). */
const DECOMPOSED = /\P{M}\p{M}+/gu;

/**
 * Text as Windows-31J can hold it: glyph selectors dropped, decomposed characters composed (only
 * those: NFC of the whole text would also change compatibility ideographs the code page has), and
 * every character it still lacks replaced, visibly, by 〓, never by a silent '?'.
 */
export const toCp932Text = (text: string): string =>
  heldAsIs(text)
    ? text
    : text
        .replace(GLYPH_SELECTORS, '')
        .replace(DECOMPOSED, (sequence) => sequence.normalize('NFC'))
        .replace(/[^\p{ASCII}]/gu, cp932Form);

/** Per UTF-16 code unit: 0 not yet known, 1 Windows-31J holds it as it is, 2 it must be rewritten. */
const unitStates = new Uint8Array(0x10000);
const HELD = 1;
const REWRITE = 2;
/** The Windows-31J bytes of each held unit as iconv-lite writes them: one byte (below 0x100), or lead << 8 | trail. */
const cp932Units = new Uint16Array(0x10000);

/** Whether Windows-31J holds a (non-ASCII) code unit as it is; its bytes are then in cp932Units. */
function unitState(unit: number): number {
  let state = unitStates[unit] as number;
  if (state === 0) {
    state = REWRITE;
    // Surrogates (characters beyond the BMP) and lone combining marks are never held.
    const char = String.fromCharCode(unit);
    if ((unit < 0xd800 || unit > 0xdfff) && cp932Form(char) === char) {
      const bytes = iconv.encode(char, 'cp932');
      if (bytes.length === 1 || bytes.length === 2) {
        cp932Units[unit] =
          bytes.length === 1 ? (bytes[0] as number) : ((bytes[0] as number) << 8) | (bytes[1] as number);
        state = HELD;
      }
    }
    unitStates[unit] = state;
  }
  return state;
}

/**
 * Whether Windows-31J holds every character of the text as it is: the common case, answered without
 * building any string (a batch of a million-row export is checked, not copied three times).
 * Surrogates (characters beyond the BMP) and lone combining marks are never held.
 */
function heldAsIs(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x80 && unitState(unit) === REWRITE) return false;
  }
  return true;
}

const DIGIT_0 = 0x30;
const MINUS = 0x2d;
const COLON = 0x3a;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Bytes written one text at a time into one buffer of its own, grown when needed and kept, then copied out at
 * their length (`take`). A batch of a large export is thus never one long string, nor a buffer of twice its
 * size left for the garbage collector: such strings and buffers, one per batch, outlived the young
 * generation's collections and waited for a full one (a 1,000,000-row export grew the server's RSS by over
 * 100 MB).
 */
class ByteSink {
  private bytes: Buffer;
  private at = 0;

  constructor(
    private readonly encoding: CsvEncoding,
    initialBytes = 64 * 1024,
  ) {
    this.bytes = Buffer.allocUnsafeSlow(initialBytes);
  }

  /** Room for `more` bytes after those written. */
  private reserve(more: number): Buffer {
    if (this.at + more > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.at + more));
      this.bytes.copy(grown, 0, 0, this.at);
      this.bytes = grown;
    }
    return this.bytes;
  }

  /**
   * Text in the file's encoding. Windows-31J: text held as it is (the common case) is written a code unit at
   * a time from the bytes iconv-lite gave each unit (ASCII as itself), the same bytes as iconv-lite's
   * encoder at a fraction of its cost; anything else is first rewritten (toCp932Text) and encoded by
   * iconv-lite.
   */
  add(text: string): void {
    if (this.encoding === 'utf8') {
      const bytes = this.reserve(text.length * 3);
      this.at += bytes.write(text, this.at, 'utf8');
      return;
    }
    const bytes = this.reserve(text.length * 2);
    let at = this.at;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0x80) {
        bytes[at++] = unit;
        continue;
      }
      if (unitState(unit) !== HELD) {
        const rewritten = iconv.encode(toCp932Text(text), 'cp932');
        rewritten.copy(this.reserve(rewritten.length), this.at);
        this.at += rewritten.length;
        return;
      }
      const code = cp932Units[unit] as number;
      if (code < 0x100) bytes[at++] = code;
      else {
        bytes[at++] = code >> 8;
        bytes[at++] = code & 0xff;
      }
    }
    this.at = at;
  }

  /** An ASCII character. */
  addAscii(code: number): void {
    this.reserve(1)[this.at++] = code;
  }

  /** ASCII text (a date's day, written by its code units). */
  private addAsciiText(text: string): void {
    const bytes = this.reserve(text.length);
    for (let i = 0; i < text.length; i++) bytes[this.at++] = text.charCodeAt(i);
  }

  /** Two decimal digits (0–99). */
  private addTwoDigits(value: number): void {
    const bytes = this.reserve(2);
    bytes[this.at++] = DIGIT_0 + Math.floor(value / 10);
    bytes[this.at++] = DIGIT_0 + (value % 10);
  }

  /** A safe integer's decimal digits (csvCell's `String(value)`: `-0` is `0`). */
  addInteger(value: number): void {
    let rest = csvInteger(value);
    if (rest < 0) {
      this.addAscii(MINUS);
      rest = -rest;
    }
    let digits = 1;
    for (let power = 10; power <= rest; power *= 10) digits += 1;
    const bytes = this.reserve(digits);
    for (let i = this.at + digits - 1; i >= this.at; i--) {
      bytes[i] = DIGIT_0 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.at += digits;
  }

  /** csvDateTime's `YYYY/MM/DD HH:mm:ss` (ASCII in both encodings), without the string. */
  addDateTime(instant: Date | string): void {
    const wall = tokyoWall(instant);
    const day = Math.floor(wall / DAY_MS);
    const second = Math.floor((wall - day * DAY_MS) / 1000);
    this.addAsciiText(tokyoDayPrefix(day));
    this.addTwoDigits(Math.floor(second / 3600));
    this.addAscii(COLON);
    this.addTwoDigits(Math.floor(second / 60) % 60);
    this.addAscii(COLON);
    this.addTwoDigits(second % 60);
  }

  /** What was written since the last take, as a buffer of its own. */
  take(): Buffer {
    const taken = Buffer.from(this.bytes.subarray(0, this.at));
    this.at = 0;
    return taken;
  }
}

/** The bytes of CSV text in the file's encoding (ByteSink.add). */
export function encodeCsv(text: string, encoding: CsvEncoding): Buffer {
  if (encoding === 'utf8') return Buffer.from(text, 'utf8');
  const sink = new ByteSink(encoding, text.length * 2);
  sink.add(text);
  return sink.take();
}

/**
 * A writer of a file's rows, batch by batch: each batch of rows as CSV bytes in the file's encoding, a record
 * at a time. It remembers the short text cells it has written (labels, coin and counterparty names repeat on
 * most rows), for the file or, in a worker thread, for every file of one encoding. `append` adds rows to
 * what the next batch returns (the worker writes a batch in parts); calling the writer adds the rows and
 * returns the batch.
 */
export interface CsvBatchWriter {
  (rows: readonly (readonly CsvCell[])[]): Buffer;
  append(rows: readonly (readonly CsvCell[])[]): void;
  take(): Buffer;
}

export function csvBatchWriter(encoding: CsvEncoding): CsvBatchWriter {
  const textOf = rememberingTextCells(encoding);
  const sink = new ByteSink(encoding);
  // A record is written cell by cell into the sink, the bytes csvLine's text would have: no string of the
  // record, of a date-time or of a number is made (a 1,000,000-row export made ~1.9 KB of garbage a row,
  // ~0.6 KB of it those strings; what a scavenge finds alive grows V8's young generation).
  const append = (rows: readonly (readonly CsvCell[])[]) => {
    for (const cells of rows) {
      for (let i = 0; i < cells.length; i++) {
        if (i > 0) sink.addAscii(COMMA);
        const cell = cells[i];
        if (cell === null || cell === undefined) continue;
        if (typeof cell === 'number') sink.addInteger(cell);
        else if (cell instanceof Date) sink.addDateTime(cell);
        else sink.add(textOf(cell));
      }
      sink.addAscii(CR);
      sink.addAscii(LF);
    }
  };
  const take = () => sink.take();
  return Object.assign(
    (rows: readonly (readonly CsvCell[])[]) => {
      append(rows);
      return take();
    },
    { append, take },
  );
}

/**
 * The whole file as a stream: the header (none for a file an accounting package imports, whose first
 * line is already data), then each batch of rows as it comes from the database.
 * Batches are pulled only as fast as the client reads (backpressure), so memory stays flat.
 */
export function csvStream<Row>(
  header: readonly string[] | null,
  batches: AsyncIterable<Row[]>,
  toCells: (row: Row) => readonly CsvCell[],
  encoding: CsvEncoding,
): Readable {
  async function* written(): AsyncGenerator<Buffer> {
    const write = csvBatchWriter(encoding);
    for await (const batch of batches) yield write(batch.map(toCells));
  }
  return csvFileStream(header, written(), encoding);
}

/**
 * Bytes of a file's written batches held ahead of the client (about one of the embedded database's
 * 10,000-row batches from its worker, ten 1,000-row batches of a PostgreSQL COPY): the next batches are read and written while the
 * response's compression works through the current one. With the stream's default (16 KB) the next batch
 * was asked for only once the compressor had taken the last, so the database, the CSV worker and the
 * compressor took turns: a compressed export ran at half the pace of an uncompressed one. More than a
 * batch gains nothing, and costs memory: buffers held that long outlive the young generation's collections
 * and wait for a full one (money bench, 1,000,000 rows: at 4 MB the first export's RSS grew 96 MB on
 * PostgreSQL, at 1 MB 24 MB, at the same pace).
 */
const CSV_READ_AHEAD_BYTES = 1024 * 1024;

/**
 * A file whose rows come already written in its encoding (csvBatchWriter's batches, from a worker
 * thread): the byte order mark of a UTF-8 file and the header, then the batches as they come, as fast as
 * the client reads.
 */
export function csvFileStream(
  header: readonly string[] | null,
  written: AsyncIterable<Uint8Array>,
  encoding: CsvEncoding,
): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const head = encodeCsv(header === null ? '' : csvLine(header, encoding), encoding);
    yield encoding === 'utf8' ? Buffer.concat([UTF8_BOM, head]) : head;
    yield* written;
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: CSV_READ_AHEAD_BYTES });
}

/** `text/csv` with the charset a spreadsheet needs to read the bytes. */
export const csvContentType = (encoding: CsvEncoding) =>
  encoding === 'cp932' ? 'text/csv; charset=Shift_JIS' : 'text/csv; charset=UTF-8';

/** `<report>_<merchant>_<YYYYMMDD>-<YYYYMMDD>.csv` */
export function csvFileName(report: string, merchant: string, startDate: string, endDate: string): string {
  return `${report}_${merchant}_${startDate.replaceAll('-', '')}-${endDate.replaceAll('-', '')}.csv`;
}

/**
 * Content-Disposition with an ASCII fallback (non-ASCII characters replaced) and the exact name
 * as RFC 5987 `filename*=UTF-8''…`.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The buffer of a view that spans all of it, to move with a message to or from the history CSV worker
 * (csvWorkers.ts) rather than copy; none (the view is copied) when it shares its buffer with other data.
 */
export const movable = (view: Uint8Array): ArrayBuffer[] =>
  view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength
    ? [view.buffer]
    : [];
