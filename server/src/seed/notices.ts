import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DAY } from './calendar';

/** The operator's notices of the demo, published between 200 days and 3 days ago. */
const NOTICES = [
  {
    revision: 3,
    days: 200,
    title: 'めぶくコイン加盟店コンソールを公開しました',
    body: '加盟店の皆さまが取引履歴や返金をブラウザから確認できるようになりました。',
  },
  {
    revision: 7,
    days: 120,
    title: '年末年始のサポート窓口について',
    body: '12月29日から1月3日まではメールでのお問い合わせのみ受け付けます。',
  },
  {
    revision: 12,
    days: 60,
    title: '決済手数料率改定のお知らせ',
    body: '本店の決済手数料率が3.25%から3.00%に改定されました。詳細は手数料履歴をご確認ください。',
  },
  {
    revision: 18,
    days: 20,
    title: 'プレミアム商品券の取り扱い開始',
    body: 'プレミアム商品券での支払いを受け付けられるようになりました。返金にも対応しています。',
  },
  {
    revision: 21,
    days: 3,
    title: 'システムメンテナンスのお知らせ',
    body: '毎月第2火曜日 2:00〜4:00 はメンテナンスのため一部機能を停止します。',
  },
];

export async function insertNotices(trx: Transaction<Database>, { now }: { now: Date }): Promise<void> {
  await trx
    .insertInto('notices')
    .values(
      NOTICES.map((n) => ({
        revision: n.revision,
        title: n.title,
        body: n.body,
        published_at: new Date(now.getTime() - n.days * DAY),
      })),
    )
    .execute();
}
