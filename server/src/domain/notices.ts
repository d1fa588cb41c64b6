import type { CallResponse } from '@coin/contract';
import type { Db } from '../db/connection';

export async function listNotices(db: Db): Promise<CallResponse<'listNotices'>> {
  const rows = await db
    .selectFrom('notices')
    .select(['id', 'revision', 'title', 'body', 'published_at'])
    .where('published_at', '<=', new Date())
    .orderBy('revision', 'desc')
    .execute();
  return { items: rows.map((row) => ({ ...row, published_at: row.published_at.toISOString() })) };
}
