import { IMAGE_ACCEPTED_TYPES, IMAGE_LIMITS, IMAGE_MAX_BYTES, type MerchantImageKind } from '@coin/contract';
import { isApiError } from '@/api/errors';

/*
 * The browser's checks of a chosen image, for the user's sake: the server judges the bytes, the size
 * and the dimensions again and has the last word.
 */

export type ImageFileProblem = 'type' | 'size' | 'empty';
export type ImageSizeProblem = 'small' | 'large';

/** The file input's `accept`: the types the server takes. */
export const IMAGE_ACCEPT = IMAGE_ACCEPTED_TYPES.join(',');

/** The size limit in megabytes, as the messages say it. */
export const IMAGE_MAX_MEGABYTES = IMAGE_MAX_BYTES / 1024 / 1024;

export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageFileProblem | null {
  if (!(IMAGE_ACCEPTED_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** The decoded preview's size against the kind's limits. */
export function checkImageSize(kind: MerchantImageKind, width: number, height: number): ImageSizeProblem | null {
  const limits = IMAGE_LIMITS[kind];
  if (width > limits.maxSide || height > limits.maxSide) return 'large';
  if (width < limits.minWidth || height < limits.minHeight) return 'small';
  return null;
}

/** A file size as people read it, rounded up (a file just over the limit never reads as the limit): 「820 KB」, 「5.1 MB」. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  return `${(Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * The server refused the upload as too large (413 `too_large`): its own message when it is Japanese
 * (a limit met before the handler may answer in English), else an empty string; null for other failures.
 */
export function tooLargeRefusal(error: unknown): string | null {
  if (!isApiError(error) || (error.status !== 413 && error.body.type !== 'too_large')) return null;
  return JAPANESE.test(error.body.message) ? error.body.message : '';
}
