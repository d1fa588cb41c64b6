import { type CallId, IMAGE_MAX_BYTES, type MerchantImageKind } from '@coin/contract';
import type { FastifyRequest } from 'fastify';
import { DomainError, invalidRequest } from '../../domain/errors';
import { IMAGE_MESSAGES, processImage, readMerchantImage, saveMerchantImage } from '../../domain/merchantImages';
import { getMerchantQr, merchantQrPng, merchantQrPoster } from '../../domain/merchantQr';
import {
  getBankAccount,
  getMerchantProfile,
  getRebateCoin,
  listMerchantTags,
  putBankAccount,
  setMerchantTags,
  updateMerchantProfile,
  updateMerchantStatus,
  updateRebateCoin,
} from '../../domain/merchantSettings';
import { markQrPosterDownloaded } from '../../domain/setupProgress';
import { lookupBank, lookupBranch } from '../../domain/zengin';
import { searchBanks, searchBranches } from '../../domain/zenginSearch';
import { contentDisposition } from '../csv';
import { type CallContext, type CallHandlers, callerMembership, callerOf } from './context';

/** The multipart field an upload's file travels in (contract: `consumes`). */
const FILE_FIELD = 'file';

/**
 * The uploaded file's bytes: one part named `file`, read up to the size limit (the multipart plugin
 * stops reading above it, so a huge upload is never held in memory).
 */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidRequest(FILE_FIELD, IMAGE_MESSAGES.missing);
  try {
    const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0 } });
    if (!part || part.fieldname !== FILE_FIELD) throw invalidRequest(FILE_FIELD, IMAGE_MESSAGES.missing);
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('too_large', IMAGE_MESSAGES.tooLarge, FILE_FIELD);
    // Other refusals of the multipart reader: a second file, stray fields, a malformed body.
    throw invalidRequest(FILE_FIELD, IMAGE_MESSAGES.missing);
  }
}

/** Who made the change, for the audit trail. */
const actorOf = (ctx: CallContext<CallId>) => ({ userId: callerOf(ctx).userId, clientIp: ctx.request.ip });

function uploadHandler(kind: MerchantImageKind) {
  return async (ctx: CallContext<'uploadMerchantThumbnail' | 'uploadMerchantImage'>) => {
    const { merchantId } = callerMembership(ctx);
    const image = await processImage(kind, await uploadedFile(ctx.request));
    await saveMerchantImage(ctx.deps.db, merchantId, actorOf(ctx).userId, kind, image, ctx.deps.now());
    return getMerchantProfile(ctx.deps.db, merchantId);
  };
}

// Merchant settings: profile, status, images, tags, rebate coin, bank account, payment QR code.
export const merchantSettingsHandlers: CallHandlers<
  | 'getMerchantProfile'
  | 'updateMerchant'
  | 'updateMerchantStatus'
  | 'uploadMerchantThumbnail'
  | 'uploadMerchantImage'
  | 'getMerchantImage'
  | 'listMerchantTags'
  | 'setMerchantTags'
  | 'getRebateCoin'
  | 'updateRebateCoin'
  | 'getBankAccount'
  | 'putBankAccount'
  | 'lookupBank'
  | 'lookupBranch'
  | 'searchBanks'
  | 'searchBranches'
  | 'getMerchantQr'
  | 'downloadMerchantQr'
  | 'downloadMerchantQrPoster'
> = {
  getMerchantProfile: async (ctx) => getMerchantProfile(ctx.deps.db, callerMembership(ctx).merchantId),
  updateMerchant: async (ctx) =>
    updateMerchantProfile(ctx.deps.db, callerMembership(ctx).merchantId, actorOf(ctx), ctx.body, ctx.deps.now()),
  updateMerchantStatus: async (ctx) =>
    updateMerchantStatus(ctx.deps.db, callerMembership(ctx).merchantId, actorOf(ctx), ctx.body.status, ctx.deps.now()),
  uploadMerchantThumbnail: uploadHandler('thumbnail'),
  uploadMerchantImage: uploadHandler('image'),
  async getMerchantImage(ctx) {
    const { hash } = ctx.params;
    const etag = `"${hash}"`;
    // An unknown hash is a 404 like any API answer (no-store): only an image that exists is cached.
    const image = await readMerchantImage(ctx.deps.db, hash);
    // The address is the content's hash: the bytes behind it never change.
    ctx.reply.header('ETag', etag).header('Cache-Control', 'public, max-age=31536000, immutable');
    if (ctx.request.headers['if-none-match'] === etag) return ctx.reply.status(304).send() as never;
    return ctx.reply.header('Content-Type', image.contentType).send(image.bytes) as never;
  },
  listMerchantTags: async (ctx) => listMerchantTags(ctx.deps.db, callerMembership(ctx).merchantId),
  setMerchantTags: async (ctx) =>
    setMerchantTags(ctx.deps.db, callerMembership(ctx).merchantId, actorOf(ctx), ctx.body.tag_ids, ctx.deps.now()),
  getRebateCoin: async (ctx) => getRebateCoin(ctx.deps.db, callerMembership(ctx).merchantId),
  updateRebateCoin: async (ctx) =>
    updateRebateCoin(ctx.deps.db, callerMembership(ctx).merchantId, actorOf(ctx), ctx.body, ctx.deps.now()),
  // Every API answer is no-store unless a call caches on purpose (http/securityHeaders.ts).
  getBankAccount: async (ctx) => getBankAccount(ctx.deps.db, callerMembership(ctx).merchantId),
  async putBankAccount(ctx) {
    const answer = await putBankAccount(
      ctx.deps.db,
      callerMembership(ctx).merchantId,
      actorOf(ctx),
      ctx.body,
      ctx.deps.now(),
      {
        link: `${ctx.deps.config.publicUrl}/merchant/bankAccount`,
        holdHours: ctx.deps.config.bankAccountHoldHours,
      },
    );
    // The Owners' notices go out after the answer.
    ctx.deps.outbox.kick();
    return answer;
  },
  lookupBank: async (ctx) => lookupBank(ctx.params.bank_code),
  lookupBranch: async (ctx) => lookupBranch(ctx.params.bank_code, ctx.params.branch_code),
  searchBanks: async (ctx) => searchBanks(ctx.query.q),
  searchBranches: async (ctx) => searchBranches(ctx.params.bank_code, ctx.query.q),
  getMerchantQr: async (ctx) => getMerchantQr(ctx.deps.db, callerMembership(ctx).merchantId, ctx.deps.config.publicUrl),
  async downloadMerchantQr(ctx) {
    const qr = await getMerchantQr(ctx.deps.db, callerMembership(ctx).merchantId, ctx.deps.config.publicUrl);
    return ctx.reply
      .header('Content-Type', 'image/png')
      .header('Content-Disposition', contentDisposition(`qrcode_${qr.merchant_name}.png`))
      .send(await merchantQrPng(qr.url)) as never;
  },
  async downloadMerchantQrPoster(ctx) {
    const merchantId = callerMembership(ctx).merchantId;
    const qr = await getMerchantQr(ctx.deps.db, merchantId, ctx.deps.config.publicUrl);
    const poster = await merchantQrPoster(qr, ctx.deps.now());
    // Top's setup checklist ticks the poster once it has been downloaded.
    await markQrPosterDownloaded(ctx.deps.db, merchantId, ctx.deps.now());
    return ctx.reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(`qrcode_poster_${qr.merchant_name}.pdf`))
      .send(poster) as never;
  },
};
