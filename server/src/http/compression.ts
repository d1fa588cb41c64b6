import { constants as zlibConstants } from 'node:zlib';

/**
 * Per-request compression of API answers (@fastify/compress): answers above 1 KB go compressed to
 * clients that accept it. The console's files are compressed at build time and carry their
 * Content-Encoding already, so they pass as they are.
 */
export const API_COMPRESSION = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  // JSON lists, every request: Brotli at quality 2 packs a 20-row history page (5.0 KB) 6.9× in 31 µs and a
  // 100-row one (24.8 KB) 12.4× in 85 µs; quality 4 packed them 7.6× and 13.8× (70 and 200 bytes fewer) in
  // 78 and 137 µs (gzip 6: 6.8× and 11.0× in 47 and 148 µs). Node 24, this 2-core machine.
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
};

/**
 * Streamed files (the CSV downloads, up to a year of a wallet): the fastest levels. On CSV text Brotli at
 * quality 4 ran at 19 MB/s here, quality 1 at 314 MB/s (and packed it tighter, 8.4× vs 7.7×); gzip at
 * level 6 ran at 109 MB/s, level 1 at 285 MB/s (6.7× vs 7.2×). A route's options replace the
 * plugin's, so this repeats the rest of API_COMPRESSION.
 */
export const FILE_STREAM_COMPRESSION = {
  ...API_COMPRESSION,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};
