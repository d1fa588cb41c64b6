import { DOCUMENT_MESSAGES, PAYOUT_STATUS_LABELS, type Payout } from '@coin/contract';
import type { DocumentSettings } from '../config';
import type { Db } from '../db/connection';
import { notFound } from '../domain/errors';
import { groupMemberIds, payouts, toPayout } from '../domain/payouts';
import { tokyoDate } from '../domain/time';
import { CONTENT_WIDTH, facts, japaneseDate, newA4, notes, PAGE, table, title, totals, yen } from './typeset';

/*
 * Payout statements (支払明細書): what the service paid a merchant and what it kept, from the stored payout
 * (its figures never change once posted). One payout, or for a group parent every payout of its group's
 * merchants in a period, each merchant on its own lines with its subtotal.
 */

export const PAYOUT_STATEMENT_TEXT = {
  title: '支払明細書',
  groupTitle: '支払明細書（グループ）',
  failed: (reason: string) => `この振込はできませんでした（${reason}）。金額は加盟店ウォレットに戻されています。`,
} as const;

const accountText = (payout: Payout) =>
  payout.account
    ? `${payout.account.bank_name} ${payout.account.branch_name} ${payout.account.account_type_label} ${payout.account.number_masked}`
    : '—';

const period = (payout: Payout) => `${japaneseDate(payout.period_start)}〜${japaneseDate(payout.period_end)}`;

/** Statement number of a payout: stable, from the payout's id. */
export const payoutStatementNumber = (prefix: string, payoutId: number) =>
  `${prefix}-P-${String(payoutId).padStart(8, '0')}`;

export async function payoutForStatement(db: Db, merchantId: number, payoutId: number, now: Date): Promise<Payout> {
  const row = await payouts(db).where('p.id', '=', payoutId).where('p.merchant_id', '=', merchantId).executeTakeFirst();
  if (!row) throw notFound(DOCUMENT_MESSAGES.payoutNotFound);
  return toPayout(row, tokyoDate(now));
}

function header(
  doc: PDFKit.PDFDocument,
  recipient: string,
  rows: [string, string][],
  settings: Pick<DocumentSettings, 'issuerName' | 'registrationNo'>,
) {
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('#1a1a1a')
    .text(`${recipient} 御中`, PAGE.margin, top, { width: CONTENT_WIDTH * 0.55 });
  const leftBottom = doc.y;
  const rightX = PAGE.margin + CONTENT_WIDTH * 0.58;
  let rightBottom = facts(doc, rightX, top, CONTENT_WIDTH * 0.42, rows);
  rightBottom = facts(doc, rightX, rightBottom + 8, CONTENT_WIDTH * 0.42, [
    ['発行者', settings.issuerName],
    ['登録番号', settings.registrationNo],
  ]);
  return Math.max(leftBottom, rightBottom) + 16;
}

/** One payout's statement; the same payout and `now` give the same bytes. */
export async function renderPayoutStatement(
  payout: Payout,
  settings: Pick<DocumentSettings, 'issuerName' | 'registrationNo' | 'numberPrefix'>,
  now: Date,
): Promise<Buffer> {
  const { doc, finish } = newA4({
    title: `${PAYOUT_STATEMENT_TEXT.title} ${japaneseDate(payout.payout_date)} ${payout.merchant_name}`,
    createdAt: now,
  });
  title(doc, PAYOUT_STATEMENT_TEXT.title);
  let y = header(
    doc,
    payout.merchant_name,
    [
      ['明細書番号', payoutStatementNumber(settings.numberPrefix, payout.id)],
      ['作成日', japaneseDate(tokyoDate(now))],
    ],
    settings,
  );
  doc
    .font('bold')
    .fontSize(14)
    .text(`お振込金額 ${yen(payout.net_amount)}`, PAGE.margin, y);
  y = doc.y + 10;
  y = facts(
    doc,
    PAGE.margin,
    y,
    CONTENT_WIDTH,
    [
      ['対象期間', period(payout)],
      ['振込日', japaneseDate(payout.payout_date)],
      ['振込先口座', accountText(payout)],
      ['状態', PAYOUT_STATUS_LABELS[payout.status]],
      ['コイン', payout.coin_name],
      ['取引ID', String(payout.transaction_id)],
    ],
    { fontSize: 10, labelWidth: 90 },
  );
  y = table(
    doc,
    [
      { header: '項目', width: CONTENT_WIDTH * 0.65 },
      { header: '金額', width: CONTENT_WIDTH * 0.35, align: 'right' },
    ],
    [
      ['支払対象額（ウォレットからの出金額）', yen(payout.gross_amount)],
      ['出金手数料', yen(-payout.fee)],
      ['振込手数料', yen(-payout.transfer_fee)],
    ],
    y + 14,
  );
  y = totals(doc, [['お振込金額', yen(payout.net_amount)]], y);
  const lines = ['出金手数料は締め日の料率で、振込手数料は1回の振込ごとにいただいています。'];
  if (payout.status === 'FAILED') lines.unshift(PAYOUT_STATEMENT_TEXT.failed(payout.failure_reason ?? ''));
  notes(doc, lines, y + 12);
  return finish();
}

/** A group parent's statement of its group's payouts whose closing ends in [start, end]. */
export async function groupPayoutsForStatement(db: Db, merchantId: number, start: string, end: string, now: Date) {
  const ids = await groupMemberIds(db, merchantId);
  const [parent, rows] = await Promise.all([
    db.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirstOrThrow(),
    payouts(db)
      .where('p.merchant_id', 'in', ids)
      .where('p.period_end', '>=', start)
      .where('p.period_end', '<=', end)
      .orderBy('p.merchant_id')
      .orderBy('p.payout_date')
      .orderBy('p.id')
      .execute(),
  ]);
  const today = tokyoDate(now);
  return { parentName: parent.name, start, end, payouts: rows.map((row) => toPayout(row, today)) };
}

export async function renderGroupPayoutStatement(
  group: Awaited<ReturnType<typeof groupPayoutsForStatement>>,
  settings: Pick<DocumentSettings, 'issuerName' | 'registrationNo'>,
  now: Date,
): Promise<Buffer> {
  const { doc, finish } = newA4({
    title: `${PAYOUT_STATEMENT_TEXT.groupTitle} ${group.start}〜${group.end} ${group.parentName}`,
    createdAt: now,
  });
  title(doc, PAYOUT_STATEMENT_TEXT.groupTitle);
  let y = header(
    doc,
    group.parentName,
    [
      ['対象期間', `${japaneseDate(group.start)}〜${japaneseDate(group.end)}（締め日）`],
      ['作成日', japaneseDate(tokyoDate(now))],
    ],
    settings,
  );
  const paid = group.payouts.filter((payout) => payout.status !== 'FAILED');
  const sum = (pick: (payout: Payout) => number, list = paid) =>
    list.reduce((total, payout) => total + pick(payout), 0);
  const rows: string[][] = [];
  const merchants = [...new Set(group.payouts.map((payout) => payout.merchant_name))];
  for (const name of merchants) {
    const own = group.payouts.filter((payout) => payout.merchant_name === name);
    for (const payout of own)
      rows.push([
        name,
        japaneseDate(payout.payout_date),
        PAYOUT_STATUS_LABELS[payout.status],
        yen(payout.gross_amount),
        yen(payout.fee + payout.transfer_fee),
        yen(payout.net_amount),
      ]);
    const ownPaid = own.filter((payout) => payout.status !== 'FAILED');
    rows.push([
      `${name} 小計`,
      '',
      '',
      yen(sum((p) => p.gross_amount, ownPaid)),
      yen(sum((p) => p.fee + p.transfer_fee, ownPaid)),
      yen(sum((p) => p.net_amount, ownPaid)),
    ]);
  }
  y = table(
    doc,
    [
      { header: '加盟店', width: CONTENT_WIDTH * 0.26 },
      { header: '振込日', width: CONTENT_WIDTH * 0.17 },
      { header: '状態', width: CONTENT_WIDTH * 0.09, align: 'center' },
      { header: '支払対象額', width: CONTENT_WIDTH * 0.16, align: 'right' },
      { header: '手数料計', width: CONTENT_WIDTH * 0.15, align: 'right' },
      { header: '振込金額', width: CONTENT_WIDTH * 0.17, align: 'right' },
    ],
    rows,
    y,
  );
  y = totals(
    doc,
    [
      ['支払対象額 合計', yen(sum((p) => p.gross_amount))],
      ['手数料 合計', yen(sum((p) => p.fee + p.transfer_fee))],
      ['振込金額 合計', yen(sum((p) => p.net_amount))],
    ],
    y,
  );
  notes(doc, ['合計と小計は振込できなかった支払い（状態: 失敗）を含みません。手数料は消費税込みの金額です。'], y + 12);
  return finish();
}
