import { listNotices } from '../../domain/notices';
import type { CallHandlers } from './context';

export const noticeHandlers: CallHandlers<'listNotices'> = {
  listNotices: async (ctx) => listNotices(ctx.deps.db),
};
