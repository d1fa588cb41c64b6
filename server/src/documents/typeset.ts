import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/*
 * The one place PDFs are typeset (the QR poster, fee invoices, payout statements, receipts): A4 with Noto
 * Sans JP embedded as a subset of the glyphs a document uses (pdfkit subsets every embedded font), and
 * nothing in the bytes that changes between two renderings of the same inputs but the creation date the
 * caller passes (no random ids: pdfkit writes none unless encrypting, and names subsets after the font's
 * order of registration).
 */

const require = createRequire(import.meta.url);
/**
 * Noto Sans JP (SIL Open Font License) cut down to what Japanese papers print (server/fonts/README.md),
 * found through the server package itself so that the source (tsx) and the bundle (server/dist) agree.
 */
const FONT_DIR = join(dirname(require.resolve('@coin/server/package.json')), 'fonts');
export const FONTS = {
  regular: join(FONT_DIR, 'NotoSansJP-Regular.subset.ttf'),
  bold: join(FONT_DIR, 'NotoSansJP-Bold.subset.ttf'),
};

/** A4 in points, and the margin every document keeps. */
export const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
export const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
export const INK = '#1a1a1a';
export const MUTED = '#4a4a4a';
export const RULE = '#8a8a8a';
export const ACCENT = '#0b7a5c';

export type Pdf = PDFKit.PDFDocument;

/** A new A4 document with both weights registered ('regular', 'bold'); `finish()` ends it and gives its bytes. */
export function newA4(info: { title: string; createdAt: Date }): { doc: Pdf; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: info.title,
      CreationDate: info.createdAt,
      ModDate: info.createdAt,
      Producer: 'coin merchant console',
    },
    lang: 'ja',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.font('regular').fillColor(INK);
  return {
    doc,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

/** Yen as Japanese forms print it: ￥1,234 (a minus sign before the mark for a negative amount). */
export const yen = (amount: number) => `${amount < 0 ? '−' : ''}￥${Math.abs(amount).toLocaleString('ja-JP')}`;
/** A count or coin figure with thousands separators. */
export const figure = (amount: number) => amount.toLocaleString('ja-JP');

/** A Tokyo calendar day (YYYY-MM-DD) as 2026年11月26日. */
export function japaneseDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
}
/** A month (YYYYMM) as 2026年11月. */
export const japaneseMonth = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(4))}月`;

/** The title centred at the top, with a rule under it. */
export function title(doc: Pdf, text: string, note?: string): void {
  doc.font('bold').fontSize(22).fillColor(INK).text(text, PAGE.margin, PAGE.margin, {
    width: CONTENT_WIDTH,
    align: 'center',
    characterSpacing: 4,
  });
  if (note) doc.font('bold').fontSize(11).fillColor('#b00020').text(note, { width: CONTENT_WIDTH, align: 'center' });
  doc.fillColor(INK);
  const y = doc.y + 6;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc.y = y + 14;
}

/** Label–value lines in a column at x of the given width (the document number and date block, the issuer block). */
export function facts(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  rows: readonly (readonly [string, string])[],
  options: { fontSize?: number; labelWidth?: number } = {},
): number {
  const size = options.fontSize ?? 9.5;
  const labelWidth = options.labelWidth ?? 58;
  let top = y;
  for (const [label, value] of rows) {
    doc.font('regular').fontSize(size).fillColor(MUTED).text(label, x, top, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font('regular')
      .fontSize(size)
      .fillColor(INK)
      .text(value, x + labelWidth, top, { width: width - labelWidth });
    top = Math.max(doc.y, labelBottom) + 2;
  }
  return top;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A ruled table; rows break onto a new page (with the header again) when the page is full. Returns the y below it. */
export function table(doc: Pdf, columns: readonly Column[], rows: readonly (readonly string[])[], y: number): number {
  const padding = 4;
  const size = 9.5;
  const drawRow = (cells: readonly string[], top: number, header: boolean): number => {
    doc.font(header ? 'bold' : 'regular').fontSize(size);
    const heights = columns.map(
      (column, i) => doc.heightOfString(cells[i] ?? '', { width: column.width - padding * 2 }) + padding * 2,
    );
    const height = Math.max(...heights, size + padding * 2);
    if (header) doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill('#eef3f1');
    let x = PAGE.margin;
    columns.forEach((column, i) => {
      doc
        .font(header ? 'bold' : 'regular')
        .fontSize(size)
        .fillColor(INK)
        .text(cells[i] ?? '', x + padding, top + padding, {
          width: column.width - padding * 2,
          align: header ? 'center' : (column.align ?? 'left'),
        });
      x += column.width;
    });
    doc
      .moveTo(PAGE.margin, top + height)
      .lineTo(PAGE.margin + CONTENT_WIDTH, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    return top + height;
  };
  let top = drawRow(
    columns.map((column) => column.header),
    y,
    true,
  );
  for (const row of rows) {
    doc.font('regular').fontSize(size);
    const estimate =
      Math.max(...columns.map((column, i) => doc.heightOfString(row[i] ?? '', { width: column.width - padding * 2 }))) +
      padding * 2;
    if (top + estimate > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      top = drawRow(
        columns.map((column) => column.header),
        PAGE.margin,
        true,
      );
    }
    top = drawRow(row, top, false);
  }
  return top;
}

/** Right-aligned label/amount lines under a table (小計, 消費税, 合計); the last one bold and ruled above. */
export function totals(doc: Pdf, rows: readonly (readonly [string, string])[], y: number, width = 260): number {
  const x = PAGE.margin + CONTENT_WIDTH - width;
  let top = y + 6;
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    if (last) {
      doc
        .moveTo(x, top)
        .lineTo(x + width, top)
        .lineWidth(1)
        .strokeColor(INK)
        .stroke();
      top += 4;
    }
    doc
      .font(last ? 'bold' : 'regular')
      .fontSize(last ? 11 : 9.5)
      .fillColor(INK);
    doc.text(label, x, top, { width: width * 0.6 });
    doc.text(value, x + width * 0.6, top, { width: width * 0.4, align: 'right' });
    top = doc.y + 3;
  });
  return top;
}

/** Small print at the given y (notes under a document). */
export function notes(doc: Pdf, lines: readonly string[], y: number): number {
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  let top = y;
  for (const line of lines) {
    doc.text(line, PAGE.margin, top, { width: CONTENT_WIDTH });
    top = doc.y + 2;
  }
  doc.fillColor(INK);
  return top;
}
