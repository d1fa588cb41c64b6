import { tokyoWallClock } from '@coin/contract';
import iconv from 'iconv-lite';

/**
 * The CSV writer as it was before issue 28 made it fast (server/src/http/csv.ts at f2a1c59), kept for
 * tests only: the writer must still give exactly these bytes. Straightforward on purpose (regular
 * expressions, iconv-lite over the whole text, one Date per cell); never used to serve a file.
 */

type Cell = string | number | Date | null | undefined;
type Encoding = 'utf8' | 'cp932';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function dateTime(instant: Date | string): string {
  const iso = tokyoWallClock(instant);
  return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} ${iso.slice(11, 19)}`;
}

const IGNORABLE_PREFIX = /^[\p{Cf}\p{Mn}\p{Zs}]*/u;
const FORMULA_START = /^[=+\-@＝＋－＠]/;
const CONTROL_START = /^[\t\r\n]/;
const startsLikeFormula = (text: string): boolean =>
  CONTROL_START.test(text) || FORMULA_START.test(text.replace(IGNORABLE_PREFIX, ''));

const EQUIVALENTS: Readonly<Record<string, string>> = {
  '\u301C': '\uFF5E',
  '\u2016': '\u2225',
  '\u2212': '\uFF0D',
  '\u00A2': '\uFFE0',
  '\u00A3': '\uFFE1',
  '\u00AC': '\uFFE2',
  '\u2014': '\u2015',
};

function form(char: string): string {
  const candidate = EQUIVALENTS[char] ?? char;
  const bytes = iconv.encode(candidate, 'cp932');
  return bytes.length === 1 && bytes[0] === 0x3f ? '\u3013' : candidate;
}

/** Text as the reference writes it in Windows-31J (before encoding). */
export const referenceCp932Text = (text: string): string =>
  text
    .replace(/[\u200D\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu, '')
    .replace(/\P{M}\p{M}+/gu, (sequence) => sequence.normalize('NFC'))
    .replace(/[^\p{ASCII}]/gu, form);

function cell(value: Cell, encoding: Encoding): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateTime(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`CSV amounts are integers (got ${value})`);
    return String(value);
  }
  const written = encoding === 'cp932' ? referenceCp932Text(value) : value;
  const text = startsLikeFormula(written) ? `'${written}` : written;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: readonly Cell[], encoding: Encoding): string =>
  `${cells.map((c) => cell(c, encoding)).join(',')}\r\n`;

/** CSV text as the reference encodes it. */
export const referenceEncode = (text: string, encoding: Encoding): Buffer =>
  encoding === 'cp932' ? iconv.encode(referenceCp932Text(text), 'cp932') : Buffer.from(text, 'utf8');

/** The whole file the reference writer gives for a header (null: none) and rows of cells. */
export function referenceCsv(header: readonly string[] | null, rows: readonly (readonly Cell[])[], encoding: Encoding) {
  const head = referenceEncode(header === null ? '' : line(header, encoding), encoding);
  const body = referenceEncode(rows.map((row) => line(row, encoding)).join(''), encoding);
  return Buffer.concat(encoding === 'utf8' ? [UTF8_BOM, head, body] : [head, body]);
}
