import { AUDIT_KINDS } from '@coin/contract';
import { idOf, pageOf, periodOf, pickOne, searchParser } from '@/router/search';

/** The OperationHistory route's search: period, page, one person (by user id) and one kind of action. */
export const operationHistorySearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  user: idOf(raw.user),
  kind: pickOne(raw.kind, AUDIT_KINDS),
}));

export type OperationHistorySearch = ReturnType<typeof operationHistorySearch>;
