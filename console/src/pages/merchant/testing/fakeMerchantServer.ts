import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { MerchantProfile } from '@coin/contract';
import type { Page, Request, Route } from 'playwright';

/*
 * The answers of the Merchant page's calls for MerchantPage.test.ts: a small in-memory server behind
 * Playwright's request interception, with one-off answers (a failure, a held request) per call.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  contentType: string | null;
  /** The raw body of a multipart upload. */
  raw: Buffer | null;
}

export type Answer = { status: number; json?: unknown } | { abort: true } | { hold: Promise<void> };

export const MERCHANT_ID = 1;

export const TAGS = [
  { id: 1, name: 'カフェ' },
  { id: 2, name: 'テイクアウト' },
  { id: 3, name: 'Wi-Fiあり' },
  { id: 4, name: '駐車場あり' },
  { id: 5, name: 'キャッシュレス' },
];

export const initialProfile = (): MerchantProfile => ({
  merchant_id: MERCHANT_ID,
  name: 'めぶくカフェ 本店',
  description: '前橋の駅前にあるカフェです。',
  postal_code: '3710023',
  prefecture: '群馬県',
  city: '前橋市',
  street: '本町2-12-1',
  phone: '027-123-4567',
  business_hours: '平日 10:00〜19:00',
  invoice_registration_no: '',
  status: 'OPEN',
  thumbnail_url: null,
  image_url: null,
  tags: [TAGS[0]!],
  updated_at: '2026-04-01T01:00:00.000Z',
});

/** A PNG of one colour and the given size (what the file picker is given). */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export class FakeMerchantServer {
  profile = initialProfile();
  selectedTagIds = [1];
  readonly requests: RecordedRequest[] = [];
  private readonly once = new Map<string, Answer[]>();
  private readonly images = new Map<string, Buffer>();

  /** The next call of `METHOD /path` (relative to the API base URL) gets this answer instead. */
  answerOnce(call: string, answer: Answer): void {
    this.once.set(call, [...(this.once.get(call) ?? []), answer]);
  }

  /** Requests of one call, in order. */
  requestsOf(call: string): RecordedRequest[] {
    return this.requests.filter((request) => `${request.method} ${request.path}` === call);
  }

  async attach(page: Page): Promise<void> {
    // The API base URL is `/api`; the page's own modules live under `/src/api/`.
    await page.route(
      (url) => url.pathname.startsWith('/api/'),
      (route) => this.handle(route),
    );
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace(/^\/api/, '');
    const method = request.method();
    const call = `${method} ${path}`;
    this.requests.push(record(request, method, path));
    const special = this.once.get(call)?.shift();
    if (special && 'abort' in special) return route.abort('connectionfailed');
    if (special && 'hold' in special) await special.hold;
    else if (special) return route.fulfill({ status: special.status, json: special.json });

    if (method === 'GET' && path.startsWith('/merchant_images/')) {
      const image = this.images.get(path);
      return image
        ? route.fulfill({ status: 200, contentType: 'image/png', body: image })
        : route.fulfill({ status: 404 });
    }
    const json = this.answer(method, path, request);
    return json === undefined
      ? route.fulfill({ status: 404, json: { type: 'not_found', message: '見つかりません' } })
      : route.fulfill({ status: 200, json });
  }

  private answer(method: string, path: string, request: Request): unknown {
    const base = `/merchants/${MERCHANT_ID}`;
    const touch = () => {
      this.profile.updated_at = new Date().toISOString();
      return this.profile;
    };
    if (method === 'GET' && path === base) return this.profile;
    if (method === 'PATCH' && path === base) {
      const body = request.postDataJSON() as Partial<MerchantProfile>;
      Object.assign(this.profile, body);
      return touch();
    }
    if (method === 'PATCH' && path === `${base}/status`) {
      this.profile.status = (request.postDataJSON() as { status: MerchantProfile['status'] }).status;
      return touch();
    }
    const upload = path.match(new RegExp(`^${base}/(thumbnail|image)$`));
    if (method === 'POST' && upload) {
      const raw = request.postDataBuffer() ?? Buffer.alloc(0);
      const address = `/merchant_images/${createHash('sha256').update(raw).digest('hex')}`;
      this.images.set(address, png(400, 400));
      if (upload[1] === 'thumbnail') this.profile.thumbnail_url = address;
      else this.profile.image_url = address;
      return touch();
    }
    if (method === 'GET' && path === `${base}/tags`) return { items: TAGS, selected_ids: this.selectedTagIds };
    if (method === 'POST' && path === `${base}/tags`) {
      this.selectedTagIds = (request.postDataJSON() as { tag_ids: number[] }).tag_ids;
      this.profile.tags = TAGS.filter((tag) => this.selectedTagIds.includes(tag.id));
      return { items: TAGS, selected_ids: this.selectedTagIds };
    }
    return undefined;
  }
}

function record(request: Request, method: string, path: string): RecordedRequest {
  const contentType = request.headers()['content-type'] ?? null;
  const raw = request.postDataBuffer();
  let body: unknown = null;
  if (raw && contentType?.startsWith('application/json')) body = JSON.parse(raw.toString('utf8'));
  return { method, path, body, contentType, raw };
}
