/*
 * Writes the fonts the server typesets its PDFs with (`npm run fonts:subset`): Noto Sans JP Regular and Bold
 * cut down to the characters a Japanese shop's papers print, as server/fonts/NotoSansJP-{Regular,Bold}.subset.ttf,
 * with the font's licence (server/fonts/OFL.txt). The outputs are committed, so neither the server's install
 * nor a developer's carries the font family: this script fetches its source package from the npm registry
 * itself (pinned by version and checksum) and runs only when the subset changes. Same source, same bytes.
 *
 * Source: Google Fonts' Noto Sans JP (version 2.004) as the `@expo-google-fonts/noto-sans-jp` package ships it,
 * static TrueType instances of each weight. It covers Windows-31J (CP932) whole but for ≒; the older
 * `noto-sans-japanese` package (version 1.004) lacks about 670 of its characters (※, ①, ㈱, Greek,
 * box drawing, and the NEC/IBM kanji such as 髙 and 﨑).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import iconv from 'iconv-lite';
import subsetFont from 'subset-font';

const SOURCE = {
  spec: '@expo-google-fonts/noto-sans-jp@0.4.3',
  integrity: 'sha512-Fl+Z6vtD24HFAYsvzB0S9Nery1ly16B9PesdY0wBd+wEHAvkNglnkTUspU0HqGOubkmoa8zusJrKv6vDx1o70A==',
  fonts: {
    Regular: 'package/400Regular/NotoSansJP_400Regular.ttf',
    Bold: 'package/700Bold/NotoSansJP_700Bold.ttf',
  },
  license: 'package/LICENSE_FONT',
} as const;

const OUT = fileURLToPath(new URL('../server/fonts/', import.meta.url));

/**
 * The layout features kept: those fontkit (pdfkit's shaper) applies to horizontal text, the proportional
 * and half-width metrics a document may ask for (palt, halt), and the vertical forms. Dropping the rest
 * (aalt, jp78, trad, …) keeps their alternate glyphs out of the subset.
 */
const FEATURES = [
  'ccmp',
  'locl',
  'rlig',
  'mark',
  'mkmk',
  'calt',
  'clig',
  'liga',
  'rclt',
  'curs',
  'kern',
  'palt',
  'halt',
  'vert',
  'vrt2',
];
/** Name records kept besides the basic ones (0–6): the licence text and its address. */
const NAME_IDS = [13, 14];

/** Every character of the Windows-31J (CP932) repertoire: JIS X 0208 and the NEC and IBM extensions. */
function cp932Repertoire(): number[] {
  const codePoints: number[] = [];
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead <= 0xdf) continue; // single-byte half-width katakana
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      const text = iconv.decode(Buffer.from([lead, trail]), 'cp932');
      const codePoint = text.codePointAt(0) ?? 0xfffd;
      // Unassigned codes decode to U+FFFD; F040–F9FC are user-defined characters (private use), no font's.
      if (text.length !== 1 || codePoint === 0xfffd || (codePoint >= 0xe000 && codePoint <= 0xf8ff)) continue;
      codePoints.push(codePoint);
    }
  }
  return codePoints;
}

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** What the subset covers. */
const COVERAGE: readonly number[] = [
  ...new Set([
    ...range(0x20, 0x7e), // ASCII
    ...range(0xa0, 0xff), // Latin-1: ¥ § ° ± × ÷ and the accented letters of a name such as Café
    ...range(0x2010, 0x2027), // dashes, quotes, ‥ …
    ...range(0x2030, 0x203b), // ‰ ′ ″ ※
    0x2212, // minus sign (a negative amount: −￥1,000)
    ...range(0x3000, 0x303f), // CJK symbols and punctuation: 、。「」〜
    ...range(0x3041, 0x309f), // hiragana
    ...range(0x30a0, 0x30ff), // katakana
    ...range(0x31f0, 0x31ff), // small katakana for Ainu
    ...range(0xff01, 0xff5e), // full-width forms
    ...range(0xff61, 0xff9f), // half-width katakana
    ...range(0xffe0, 0xffe6), // ￠ ￡ ￢ ￣ ￤ ￥ ￦
    ...cp932Repertoire(),
  ]),
].sort((a, b) => a - b);

/** The source package's tarball from the registry, checked against the pinned checksum, unpacked. */
function fetchSource(dir: string): string {
  const packed = JSON.parse(
    execFileSync('npm', ['pack', SOURCE.spec, '--pack-destination', dir, '--json'], { encoding: 'utf8' }),
  ) as { filename: string; integrity: string }[];
  const tarball = packed[0];
  if (!tarball || tarball.integrity !== SOURCE.integrity) {
    throw new Error(`${SOURCE.spec}: checksum ${tarball?.integrity} is not the pinned ${SOURCE.integrity}`);
  }
  execFileSync('tar', ['-xzf', join(dir, tarball.filename), '-C', dir, ...Object.values(SOURCE.fonts), SOURCE.license]);
  return dir;
}

const work = mkdtempSync(join(tmpdir(), 'subset-fonts-'));
try {
  const source = fetchSource(work);
  const text = String.fromCodePoint(...COVERAGE);
  mkdirSync(OUT, { recursive: true });
  for (const [weight, path] of Object.entries(SOURCE.fonts)) {
    const original = readFileSync(join(source, path));
    const subset = await subsetFont(original, text, {
      targetFormat: 'sfnt',
      keepFeatures: FEATURES,
      preserveNameIds: NAME_IDS,
    });
    const file = join(OUT, `NotoSansJP-${weight}.subset.ttf`);
    writeFileSync(file, subset);
    const font = fontkit.create(subset);
    if (!('characterSet' in font)) throw new Error(`${file}: not a single font`);
    const absent = COVERAGE.filter((codePoint) => !font.hasGlyphForCodePoint(codePoint));
    console.log(
      `${file}: ${statSync(file).size} bytes (source ${original.length}), ${font.numGlyphs} glyphs, ` +
        `${COVERAGE.length - absent.length} of ${COVERAGE.length} characters; not in the source font: ` +
        absent.map((codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`).join(' '),
    );
  }
  copyFileSync(join(source, SOURCE.license), join(OUT, 'OFL.txt'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
