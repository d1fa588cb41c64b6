import {
  AUDIT_KIND_OF,
  type AuditAction,
  type AuditEvent,
  type AuditKind,
  auditActionsOf,
  auditDetail,
  type CallResponse,
} from '@coin/contract';
import type { Db } from '../db/connection';
import { exactInstant, type KeysetCursor, keysetBatches, pastCursor } from './keyset';
import { tokyoPeriod } from './time';

/**
 * The Owner's 操作履歴 (issue 48): what the shop's staff did in it, read from the audit trail. A shop's
 * events are those recorded with its id, and its staff members' own account events (password, address,
 * two-step: recorded with no shop, and the same account in every shop it works for). Each half is read along its own index
 * (migration 0020), newest first, and the two are merged.
 */

export interface AuditFilter {
  merchantId: number;
  startDate: string;
  endDate: string;
  /** Events done by this user or about them. */
  userId?: number | undefined;
  kind?: AuditKind | undefined;
}

/**
 * One half of the shop's events matching the filter (`own`: recorded with the shop's id; else its staff's
 * own account events), newest first, along its index.
 */
function half(db: Db, filter: AuditFilter, own: boolean, after: KeysetCursor | null) {
  const { from, to } = tokyoPeriod(filter.startDate, filter.endDate);
  const actions = filter.kind ? auditActionsOf(filter.kind) : null;
  return db
    .selectFrom('audit_events as a')
    .$if(own, (q) => q.where('a.merchant_id', '=', filter.merchantId))
    .$if(!own, (q) =>
      q
        .innerJoin('merchant_users as staff', (join) =>
          join.onRef('staff.user_id', '=', 'a.target_user_id').on('staff.merchant_id', '=', filter.merchantId),
        )
        .where('a.merchant_id', 'is', null),
    )
    .where('a.occurred_at', '>=', from)
    .where('a.occurred_at', '<', to)
    .$if(actions !== null, (q) => q.where('a.action', 'in', actions as AuditAction[]))
    .$if(filter.userId !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('a.actor_user_id', '=', filter.userId as number),
          eb('a.target_user_id', '=', filter.userId as number),
        ]),
      ),
    )
    .$if(after !== null, (q) => q.where(pastCursor('a.occurred_at', 'a.id', after as KeysetCursor, 'desc')));
}

/**
 * The first `take` of the shop's events after the cursor (less the first `skip`), newest first, with the names its staff list
 * gives the people. Each half stops at `take` rows along its own index before the two are merged, and
 * only the rows kept are joined to the names: a page of a long trail reads a page's worth, not the trail.
 */
function namedEvents(db: Db, filter: AuditFilter, after: KeysetCursor | null, take: number, skip = 0) {
  const firstOf = (own: boolean, alias: 'own' | 'staff_own') =>
    db
      .selectFrom(
        half(db, filter, own, after)
          .select([
            'a.id',
            'a.occurred_at',
            'a.actor_user_id',
            'a.target_user_id',
            'a.action',
            'a.before',
            'a.after',
            'a.client_ip',
          ])
          .orderBy('a.occurred_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(take)
          .as(alias),
      )
      .selectAll();
  return db
    .selectFrom(firstOf(true, 'own').unionAll(firstOf(false, 'staff_own')).as('e'))
    .leftJoin('merchant_users as actor', (join) =>
      join.onRef('actor.user_id', '=', 'e.actor_user_id').on('actor.merchant_id', '=', filter.merchantId),
    )
    .leftJoin('identities as actor_identity', 'actor_identity.id', 'e.actor_user_id')
    .leftJoin('merchant_users as target', (join) =>
      join.onRef('target.user_id', '=', 'e.target_user_id').on('target.merchant_id', '=', filter.merchantId),
    )
    .leftJoin('identities as target_identity', 'target_identity.id', 'e.target_user_id')
    .select((eb) => [
      'e.id',
      'e.occurred_at',
      exactInstant('e.occurred_at').as('cursor_at'),
      'e.actor_user_id',
      'e.target_user_id',
      'e.action',
      'e.before',
      'e.after',
      'e.client_ip',
      eb.fn.coalesce('actor.name', 'actor_identity.email').as('actor_name'),
      eb.fn.coalesce('target.name', 'target_identity.email').as('target_name'),
    ])
    .orderBy('e.occurred_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(take - skip)
    .offset(skip);
}

/** How many of the shop's events match the filter (each half counted along its index). */
async function countEvents(db: Db, filter: AuditFilter): Promise<number> {
  const [own, staff] = await Promise.all(
    [true, false].map((own) =>
      half(db, filter, own, null)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return Number(own?.total ?? 0) + Number(staff?.total ?? 0);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof namedEvents>['execute']>>[number];

const jsonObject = (value: unknown): Record<string, unknown> | null => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
};

/** An event as the list and the CSV show it. */
export function toAuditEvent(row: EventRow): AuditEvent {
  const action = row.action as AuditAction;
  return {
    id: Number(row.id),
    occurred_at: new Date(row.occurred_at).toISOString(),
    actor_user_id: row.actor_user_id,
    actor_name: row.actor_user_id === null ? null : (row.actor_name ?? null),
    action,
    kind: AUDIT_KIND_OF[action],
    target_name:
      row.target_user_id === null || row.target_user_id === row.actor_user_id ? null : (row.target_name ?? null),
    detail: auditDetail(action, jsonObject(row.before), jsonObject(row.after)),
    client_ip: row.client_ip,
  };
}

/** GET /merchants/{id}/audit_events: one page of the period's events, newest first, and how many there are. */
export async function listAuditEvents(
  db: Db,
  merchantId: number,
  query: { start_date: string; end_date: string; limit: number; offset: number; user_id?: number; kind?: AuditKind },
): Promise<CallResponse<'listAuditEvents'>> {
  const filter: AuditFilter = {
    merchantId,
    startDate: query.start_date,
    endDate: query.end_date,
    userId: query.user_id,
    kind: query.kind,
  };
  const skip = (query.offset - 1) * query.limit;
  const [total, rows] = await Promise.all([
    countEvents(db, filter),
    namedEvents(db, filter, null, skip + query.limit, skip).execute(),
  ]);
  return { items: rows.map(toAuditEvent), total, limit: query.limit, offset: query.offset };
}

/** The period's events in keyset batches, newest first (the CSV report). */
export function auditEventBatches(db: Db, filter: AuditFilter) {
  return keysetBatches(
    (after, limit) => namedEvents(db, filter, after, limit).execute(),
    (row) => ({ at: row.cursor_at, id: Number(row.id) }),
  );
}
