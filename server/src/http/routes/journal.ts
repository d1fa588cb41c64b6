import { journalAccounts, updateJournalAccounts } from '../../domain/journal';
import { type CallHandlers, callerMembership, callerOf } from './context';

/** The journal export's account names (the export itself is a CSV report: downloadCsv, journal_yayoi). */
export const journalHandlers: CallHandlers<'getJournalAccounts' | 'updateJournalAccounts'> = {
  getJournalAccounts: async (ctx) => journalAccounts(ctx.deps.db, callerMembership(ctx).merchantId),
  updateJournalAccounts: async (ctx) =>
    updateJournalAccounts(
      ctx.deps.db,
      callerMembership(ctx).merchantId,
      { userId: callerOf(ctx).userId, clientIp: ctx.request.ip },
      ctx.body,
      ctx.deps.now(),
    ),
};
