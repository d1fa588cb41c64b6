import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { type AuditEventsQuery, auditEventQueries } from '@/api/auditEvents';
import { merchantUserQueries } from '@/api/merchantUsers';
import type { PageQueries } from '@/router/pageData';
import { type OperationHistorySearch, operationHistorySearch } from './operationHistorySearch';

/** The call's query: the events of the period, of one person and one kind if filtered, one page. */
export const auditEventsQueryOf = (search: OperationHistorySearch): AuditEventsQuery => ({
  start_date: search.from,
  end_date: search.to,
  ...(search.user === undefined ? {} : { user_id: search.user }),
  ...(search.kind === undefined ? {} : { kind: search.kind }),
  limit: DEFAULT_PAGE_SIZE,
  offset: search.page,
});

/** The OperationHistory route's prefetch (router/pageData.ts): the page of events and the staff to filter by. */
export const operationHistoryPageQueries: PageQueries = (merchant, search) => [
  auditEventQueries.list(merchant.merchant_id, auditEventsQueryOf(operationHistorySearch(search))),
  merchantUserQueries.list(merchant.merchant_id),
];
