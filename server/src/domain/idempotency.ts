import { createHash } from 'node:crypto';
import type { Db } from '../db/connection';
import { DomainError } from './errors';

/**
 * Idempotency keys: a money-moving request runs once per (caller, key), and a repeat gets the first
 * answer back. This module keeps the keys and their answers; reading the key from a request and
 * replaying an answer belong to the caller (http/idempotency.ts).
 */

export const IDEMPOTENCY_MESSAGES = {
  reused: 'このIdempotency-Keyは別の内容のリクエストで使用済みです',
} as const;

/** The request's fingerprint: method, path and the validated (normalised) body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, body ?? null]))
    .digest('hex');
}

/** A request's answer as stored beside its key: a status and the body as JSON text. */
export interface IdempotentAnswer {
  status: number;
  body: string;
  /** True when this is the stored answer of an earlier run. */
  replayed: boolean;
}

/**
 * Runs a money-moving request once per (caller, Idempotency-Key).
 *
 * In ONE database transaction: the key is inserted first, then `run` does its work with that
 * transaction, then the answer is stored beside the key. A concurrent duplicate's insert waits on
 * the unique key until the first commits, then finds it and replays the stored answer (same status
 * and body, nothing moved again); a different request under the same key is a conflict. When `run`
 * fails the whole transaction rolls back, the key included, so a retry runs afresh (only successful
 * answers are remembered).
 */
export async function runIdempotent(
  db: Db,
  input: { userId: number; key: string; method: string; path: string; body: unknown },
  run: (trx: Db) => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentAnswer> {
  const hash = requestHash(input.method, input.path, input.body);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: input.userId, key: input.key, method: input.method, path: input.path, request_hash: hash })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'response_status', 'response_body'])
        .where('user_id', '=', input.userId)
        .where('key', '=', input.key)
        .executeTakeFirstOrThrow();
      if (first.request_hash !== hash) throw new DomainError('conflict', IDEMPOTENCY_MESSAGES.reused);
      // A committed key always carries its answer (both are written in one transaction).
      if (first.response_status === null || first.response_body === null) throw new DomainError('conflict');
      return { status: first.response_status, body: first.response_body, replayed: true };
    }
    const answer = await run(trx);
    const body = JSON.stringify(answer.body);
    await trx
      .updateTable('idempotency_keys')
      .set({ response_status: answer.status, response_body: body })
      .where('user_id', '=', input.userId)
      .where('key', '=', input.key)
      .execute();
    return { status: answer.status, body, replayed: false };
  });
}

/** Forgets keys older than `days` days (their retries are long over); answers how many. */
export async function pruneIdempotencyKeys(db: Db, days: number, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - days * 24 * 60 * 60 * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
