import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, RecordCounter, receiveFile } from './download';

describe('fileNameFromDisposition', () => {
  it.each([
    [
      `attachment; filename="histories_1_20250401-20250430.csv"; filename*=UTF-8''%E5%8F%96%E5%BC%95_1_20250401-20250430.csv`,
      '取引_1_20250401-20250430.csv',
    ],
    [
      `attachment; filename*=utf-8''histories_%E6%9C%AC%E5%BA%97_20250401-20250430.csv`,
      'histories_本店_20250401-20250430.csv',
    ],
    ['attachment; filename="tx_fees_1_20250401-20250430.csv"', 'tx_fees_1_20250401-20250430.csv'],
    ['attachment; filename=refunds.csv', 'refunds.csv'],
    ['attachment; filename="a \\"quoted\\" name.csv"', 'a _quoted_ name.csv'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromDisposition(header, 'fallback.csv')).toBe(expected);
  });

  it('falls back when the header is missing, has no name, or a malformed extended value', () => {
    expect(fileNameFromDisposition(null, 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameFromDisposition('attachment', 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E5%ZZ`, 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E5%ZZ; filename="plain.csv"`, 'x.csv')).toBe(
      'plain.csv',
    );
  });
});

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('receiveFile', () => {
  // "日付,金額\r\n" then two rows, in Windows-31J-like bytes split across chunks mid-line.
  const header = new Uint8Array([0x93, 0xfa, 0x95, 0x74, 0x2c, 0x8b, 0xe0, 0x8a, 0x7a, 0x0d, 0x0a]);
  const rows = new TextEncoder().encode('2025/04/01 09:00:00,100\r\n2025/04/02 10:00:00,-50\r\n');

  it('reports bytes and rows as chunks arrive and returns the whole file under the server name', async () => {
    const chunks = [header.slice(0, 4), header.slice(4), rows.slice(0, 10), rows.slice(10)];
    const response = new Response(streamOf(chunks), {
      headers: {
        'Content-Type': 'text/csv; charset=Shift_JIS',
        'Content-Disposition': `attachment; filename*=UTF-8''histories_1_20250401-20250430.csv`,
      },
    });
    const progress: { bytes: number; rows: number }[] = [];
    const file = await receiveFile(response, { fallbackName: 'x.csv', onProgress: (p) => progress.push(p) });

    expect(file.fileName).toBe('histories_1_20250401-20250430.csv');
    expect(file.bytes).toBe(header.length + rows.length);
    expect(file.rows).toBe(2);
    expect(progress).toHaveLength(4);
    expect(progress.at(-1)).toEqual({ bytes: file.bytes, rows: 2 });
    expect(progress.map((p) => p.bytes)).toEqual([4, header.length, header.length + 10, file.bytes]);
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([...header, ...rows]));
    expect(file.blob.type).toBe('text/csv; charset=shift_jis');
  });

  it('counts every record as a row in a file without a header (the journal for 弥生会計)', async () => {
    const journal = new TextEncoder().encode('2000,,,2025/04/01,A,,,,100\r\n2110,,,2025/04/02,B,,,,90\r\n');
    const response = new Response(streamOf([journal]), { headers: { 'Content-Type': 'text/csv; charset=Shift_JIS' } });
    expect((await receiveFile(response, { fallbackName: 'x.csv', headerRecords: 0 })).rows).toBe(2);
  });

  it('stops and rejects when cancelled mid-stream', async () => {
    const controller = new AbortController();
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(stream) {
        pulls += 1;
        stream.enqueue(rows);
      },
    });
    const download = receiveFile(new Response(endless), {
      fallbackName: 'x.csv',
      signal: controller.signal,
      onProgress: ({ rows: received }) => {
        if (received >= 6) controller.abort();
      },
    });
    await expect(download).rejects.toThrow();
    expect(pulls).toBeLessThan(10);
  });

  it('returns a binary file (an image, a PDF) byte for byte, counting no rows in it', async () => {
    // A PNG signature holds a line feed and a quote-free CR LF; every byte value follows.
    const png = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...Array.from({ length: 256 }, (_, i) => i),
    ]);
    const response = new Response(streamOf([png.slice(0, 5), png.slice(5)]), {
      headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="qr_1234567890.png"' },
    });
    const progress: { bytes: number; rows: number }[] = [];
    const file = await receiveFile(response, { fallbackName: 'x.png', onProgress: (p) => progress.push(p) });

    expect(file).toMatchObject({ fileName: 'qr_1234567890.png', bytes: png.length, rows: 0 });
    expect(progress).toEqual([
      { bytes: 5, rows: 0 },
      { bytes: png.length, rows: 0 },
    ]);
    expect(file.blob.type).toBe('image/png');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(png);
  });
});

describe('RecordCounter', () => {
  const countIn = (chunks: Uint8Array[]) => {
    const counter = new RecordCounter();
    for (const chunk of chunks) counter.add(chunk);
    return counter.records;
  };

  it('counts records, not the line breaks inside quoted fields, across chunk boundaries', () => {
    const text = '取引ID,コメント\r\n1,"一行目\r\n二行目"\r\n2,"引用""符"", 改行\n"\r\n3,なし\r\n';
    const bytes = iconv.encode(text, 'cp932');
    expect(countIn([bytes])).toBe(4);
    // Every split point, in Windows-31J and in UTF-8.
    for (let cut = 0; cut <= bytes.length; cut++)
      expect(countIn([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(4);
    const utf8 = new TextEncoder().encode(text);
    for (let cut = 0; cut <= utf8.length; cut++) expect(countIn([utf8.subarray(0, cut), utf8.subarray(cut)])).toBe(4);
  });

  it('is not fooled by Windows-31J characters whose second byte is a backslash or a letter', () => {
    // ソ and 表 end in 0x5C; ①, 髙 and ㈱ come from the vendor extensions.
    expect(countIn([iconv.encode('ソ,表\r\n①,"髙\r\n㈱"\r\n', 'cp932')])).toBe(2);
  });
});
