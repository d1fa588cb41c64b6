import { MERCHANT_QR_QUERY_PARAM, type MerchantQr } from '@coin/contract';
import QRCode from 'qrcode';
import type { Db } from '../db/connection';
import { ACCENT, INK, newA4, PAGE } from '../documents/typeset';
import { notFound } from './errors';
import { qrHostUrl } from './urlPayments';

/*
 * A merchant's payment QR code: the QR host's `merchant` intermediary with the merchant's wallet
 * number, which the console's intermediary page hands to the app. As a PNG, and as an A4 poster (PDF
 * with an embedded Japanese font) for the till.
 */

/** The QR intermediary action of a merchant's code (contract: QR_ACTIONS). */
const MERCHANT_ACTION = 'merchant';

export const merchantQrUrl = (publicUrl: string, walletNo: string) =>
  qrHostUrl(publicUrl, MERCHANT_ACTION, { [MERCHANT_QR_QUERY_PARAM]: walletNo });

export async function getMerchantQr(db: Db, merchantId: number, publicUrl: string): Promise<MerchantQr> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['name', 'wallet_no'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  return {
    url: merchantQrUrl(publicUrl, merchant.wallet_no),
    merchant_name: merchant.name,
    wallet_no: merchant.wallet_no,
  };
}

/** Error correction M (15 %) keeps the code readable on a worn print; a 4-module quiet zone. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;
/** 1024 px: sharp enough for a poster or a sticker printed at 8 cm. */
export const QR_PNG_WIDTH = 1024;

export const merchantQrPng = (url: string) => QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: QR_PNG_WIDTH });

export const POSTER_TEXT = {
  heading: 'スマホでかんたんお支払い',
  lead: 'このお店ではアプリのコインでお支払いいただけます',
  steps: [
    'アプリを開き「スキャン」をタップします',
    'このQRコードを読み取ります',
    'お支払い金額を入力して確認します',
    '支払い完了の画面を店員にお見せください',
  ],
  merchantNumber: (walletNo: string) => `加盟店番号 ${walletNo}`,
} as const;

/** The A4 poster as PDF bytes. */
export async function merchantQrPoster(qr: MerchantQr, now: Date): Promise<Buffer> {
  const png = await merchantQrPng(qr.url);
  const { doc, finish } = newA4({ title: `${qr.merchant_name} お支払い用QRコード`, createdAt: now });
  const width = PAGE.width - PAGE.margin * 2;

  doc.rect(0, 0, PAGE.width, 110).fill(ACCENT);
  doc
    .fillColor('#ffffff')
    .font('bold')
    .fontSize(30)
    .text(POSTER_TEXT.heading, PAGE.margin, 38, { width, align: 'center' });

  doc.fillColor(INK).font('bold').fontSize(26).text(qr.merchant_name, PAGE.margin, 140, { width, align: 'center' });
  doc.font('regular').fontSize(13).text(POSTER_TEXT.lead, { width, align: 'center' });

  const qrSize = 300;
  const qrTop = 230;
  doc.image(png, (PAGE.width - qrSize) / 2, qrTop, { width: qrSize, height: qrSize });

  let y = qrTop + qrSize + 36;
  doc.font('regular').fontSize(14);
  POSTER_TEXT.steps.forEach((step, i) => {
    doc.circle(PAGE.margin + 70, y + 9, 11).fill(ACCENT);
    doc
      .fillColor('#ffffff')
      .font('bold')
      .fontSize(12)
      .text(String(i + 1), PAGE.margin + 59, y + 1, {
        width: 22,
        align: 'center',
      });
    doc
      .fillColor(INK)
      .font('regular')
      .fontSize(14)
      .text(step, PAGE.margin + 92, y, { width: width - 92 });
    y += 34;
  });

  doc
    .fontSize(10)
    .fillColor('#444444')
    .text(POSTER_TEXT.merchantNumber(qr.wallet_no), PAGE.margin, PAGE.height - PAGE.margin - 30, {
      width,
      align: 'center',
    });
  return finish();
}
