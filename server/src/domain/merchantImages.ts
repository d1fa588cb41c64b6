import { createHash } from 'node:crypto';
import { IMAGE_LIMITS, IMAGE_MAX_BYTES, type MerchantImageKind } from '@coin/contract';
import sharp, { type Metadata, type OutputInfo, type ResizeOptions } from 'sharp';
import { type Db, inTransaction } from '../db/connection';
import { recordAudit } from './audit';
import { DomainError, invalidRequest, notFound } from './errors';

/*
 * Merchant images. An upload is judged by its bytes (not its name or declared type), decoded, checked,
 * turned upright, re-encoded as WebP without any metadata (location, camera, comments) and stored in
 * the database under the SHA-256 of the new bytes, so every server process serves it and its address
 * can be cached for good.
 */

export const IMAGE_MESSAGES = {
  notImage: 'PNG・JPEG・WebP形式の画像ファイルを選んでください',
  unreadable: '画像を読み込めませんでした。別のファイルを選んでください',
  tooLarge: `ファイルサイズは${IMAGE_MAX_BYTES / 1024 / 1024}MB以下にしてください`,
  tooSmall: (minWidth: number, minHeight: number) => `画像は横${minWidth}×縦${minHeight}ピクセル以上にしてください`,
  tooBig: (maxSide: number) => `画像の縦横は${maxSide}ピクセル以下にしてください`,
  missing: '画像ファイルを選んでください',
} as const;

/** What each kind becomes: a square thumbnail, or the main image within a box (never enlarged). */
const OUTPUT: Record<MerchantImageKind, ResizeOptions> = {
  thumbnail: { width: 400, height: 400, fit: 'cover' },
  image: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true },
};
const WEBP_QUALITY = 82;
export const STORED_IMAGE_TYPE = 'image/webp';

type Sniffed = 'png' | 'jpeg' | 'webp';

/** The format the first bytes announce (PNG, JPEG or WebP), or null for anything else. */
export function sniffImage(bytes: Uint8Array): Sniffed | null {
  const starts = (signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface ProcessedImage {
  sha256: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** Checks an upload and re-encodes it; refusals are 400s naming the field `file` (413 above the size limit). */
export async function processImage(kind: MerchantImageKind, upload: Buffer): Promise<ProcessedImage> {
  if (upload.length === 0) throw invalidRequest('file', IMAGE_MESSAGES.missing);
  if (upload.length > IMAGE_MAX_BYTES) throw new DomainError('too_large', IMAGE_MESSAGES.tooLarge, 'file');
  const sniffed = sniffImage(upload);
  if (!sniffed) throw invalidRequest('file', IMAGE_MESSAGES.notImage);
  const limits = IMAGE_LIMITS[kind];
  // Decoding stops at the pixel limit, so a small file that unpacks to a huge image is refused cheaply.
  const input = () => sharp(upload, { limitInputPixels: limits.maxSide * limits.maxSide, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch {
    throw invalidRequest('file', IMAGE_MESSAGES.unreadable);
  }
  if (meta.format !== sniffed) throw invalidRequest('file', IMAGE_MESSAGES.notImage);
  // Phones store portrait photos sideways with an orientation tag: judge the upright size.
  const sideways = (meta.orientation ?? 1) >= 5;
  const width = (sideways ? meta.height : meta.width) ?? 0;
  const height = (sideways ? meta.width : meta.height) ?? 0;
  if (width > limits.maxSide || height > limits.maxSide)
    throw invalidRequest('file', IMAGE_MESSAGES.tooBig(limits.maxSide));
  if (width < limits.minWidth || height < limits.minHeight)
    throw invalidRequest('file', IMAGE_MESSAGES.tooSmall(limits.minWidth, limits.minHeight));
  let output: { data: Buffer; info: OutputInfo };
  try {
    // rotate() applies the orientation tag; without withMetadata() sharp writes no metadata at all.
    output = await input()
      .rotate()
      .resize(OUTPUT[kind])
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalidRequest('file', IMAGE_MESSAGES.unreadable);
  }
  return {
    sha256: createHash('sha256').update(output.data).digest('hex'),
    contentType: STORED_IMAGE_TYPE,
    width: output.info.width,
    height: output.info.height,
    bytes: output.data,
  };
}

/** The address of a stored image, relative to the API base URL (the call `getMerchantImage`). */
export const merchantImagePath = (sha256: string | null) => (sha256 ? `/merchant_images/${sha256}` : null);

/** Keeps the image's bytes under their hash (once: the same bytes uploaded again add nothing). */
export async function storeImage(db: Db, image: ProcessedImage, now: Date): Promise<void> {
  await db
    .insertInto('merchant_images')
    .values({
      sha256: image.sha256,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      created_at: now,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

/** Stores a processed image (once per content) and makes it the merchant's thumbnail or main image. */
export async function saveMerchantImage(
  db: Db,
  merchantId: number,
  actorUserId: number,
  kind: MerchantImageKind,
  image: ProcessedImage,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await storeImage(trx, image, now);
    const column = kind === 'thumbnail' ? 'thumbnail_sha256' : 'image_sha256';
    const before = await trx
      .selectFrom('merchants')
      .select(column)
      .where('id', '=', merchantId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('merchants')
      .set({ [column]: image.sha256, profile_updated_at: now })
      .where('id', '=', merchantId)
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId,
        action: 'merchant.image_uploaded',
        merchantId,
        before: { kind, sha256: before[column] },
        after: { kind, sha256: image.sha256, width: image.width, height: image.height },
      },
      now,
    );
  });
}

export async function readMerchantImage(db: Db, sha256: string): Promise<{ contentType: string; bytes: Buffer }> {
  const row = await db
    .selectFrom('merchant_images')
    .select(['content_type', 'bytes'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  if (!row) throw notFound('画像が見つかりません');
  return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}
