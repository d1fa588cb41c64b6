import type { CallQuery } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/* The Owner's 操作履歴 (issue 48): who did what in the shop. */

export type AuditEventsQuery = CallQuery<'listAuditEvents'>;

export const auditEventKeys = {
  all: ['auditEvents'] as const,
  list: (merchantId: number, query: AuditEventsQuery) => [...auditEventKeys.all, 'list', merchantId, query] as const,
};

/** GET /merchants/{id}/audit_events: one page of the period's events, newest first. */
export const listAuditEvents = (merchantId: number, query: AuditEventsQuery, signal?: AbortSignal) =>
  api.call('listAuditEvents', { params: { id: merchantId }, query, signal });

export const auditEventQueries = {
  list: (merchantId: number, query: AuditEventsQuery) =>
    queryOptions({
      queryKey: auditEventKeys.list(merchantId, query),
      queryFn: ({ signal }) => listAuditEvents(merchantId, query, signal),
    }),
};
