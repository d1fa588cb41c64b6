import { randomBytes } from 'node:crypto';

/** A multipart/form-data body of one file, as a browser's FormData sends it (for `app.inject`). */
export function multipartFile(
  bytes: Uint8Array,
  { fileName = 'upload.png', contentType = 'image/png', field = 'file' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
