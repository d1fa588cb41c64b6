import { IMAGE_LIMITS, IMAGE_MAX_BYTES } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { checkImageFile, checkImageSize, formatFileSize, IMAGE_ACCEPT, tooLargeRefusal } from './imageFile';

describe('a chosen image, checked in the browser', () => {
  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/jpeg', size: IMAGE_MAX_BYTES }, null],
    [{ type: 'image/webp', size: 1 }, null],
    [{ type: 'image/png', size: IMAGE_MAX_BYTES + 1 }, 'size'],
    [{ type: 'image/gif', size: 1000 }, 'type'],
    [{ type: 'image/heic', size: 1000 }, 'type'],
    [{ type: '', size: 1000 }, 'type'],
    [{ type: 'image/png', size: 0 }, 'empty'],
  ] as const)('%o → %s', (file, problem) => {
    expect(checkImageFile(file)).toBe(problem);
  });

  it('offers the accepted types to the file picker', () => {
    expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/webp');
  });

  it('checks the dimensions against each kind', () => {
    const thumbnail = IMAGE_LIMITS.thumbnail;
    expect(checkImageSize('thumbnail', thumbnail.minWidth, thumbnail.minHeight)).toBeNull();
    expect(checkImageSize('thumbnail', thumbnail.minWidth - 1, thumbnail.minHeight)).toBe('small');
    expect(checkImageSize('image', IMAGE_LIMITS.image.minWidth, IMAGE_LIMITS.image.minHeight - 1)).toBe('small');
    expect(checkImageSize('image', IMAGE_LIMITS.image.maxSide + 1, 1000)).toBe('large');
  });

  it('writes sizes as people read them', () => {
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(820 * 1024)).toBe('820 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatFileSize(IMAGE_MAX_BYTES + 1)).toBe('5.1 MB');
  });
});

describe("the server's refusal of a large file", () => {
  it("shows the server's Japanese message, or ours when the refusal came in English", () => {
    const message = 'ファイルサイズは5MB以下にしてください';
    expect(tooLargeRefusal(new ApiError(413, { type: 'too_large', message, field: 'file' }))).toBe(message);
    expect(tooLargeRefusal(new ApiError(413, { type: 'unknown', message: 'request file too large' }))).toBe('');
    expect(tooLargeRefusal(new ApiError(400, { type: 'invalid_request', message: '画像', field: 'file' }))).toBeNull();
    expect(tooLargeRefusal(null)).toBeNull();
  });
});
