import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF, pages joined, read back with pdf.js (what a reader's copy and search sees), with the
 * whitespace pdf.js puts between runs removed so that a test can look for "￥1,234" or a name whole.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, '');
}
