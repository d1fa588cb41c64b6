import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@coin/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { DomainError } from '../domain/errors';

/** Visible ASCII, 1–255 characters (a UUID fits). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** Answered on a replayed response. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  missing: 'Idempotency-Keyヘッダーを指定してください',
  reused: 'このIdempotency-Keyは別の内容のリクエストで使用済みです',
} as const;

/** The request's Idempotency-Key; 400 when it is missing or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[HEADER];
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new DomainError('invalid_request', IDEMPOTENCY_MESSAGES.missing, IDEMPOTENCY_KEY_HEADER);
  }
  return value;
}

/** The request's fingerprint: method, path and the validated (normalised) body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, body ?? null]))
    .digest('hex');
}

export interface IdempotentAnswer {
  status: number;
  body: string;
  replayed: boolean;
}

/**
 * Runs a money-moving request once per (caller, Idempotency-Key).
 *
 * In ONE database transaction: the key is inserted first, then `run` does its work with that
 * transaction, then the answer is stored beside the key. A concurrent duplicate's insert waits on
 * the unique key until the first commits, then finds it and replays the stored answer (same status
 * and body, nothing moved again); a different request under the same key is 409. When `run` fails
 * the whole transaction rolls back, the key included, so a retry runs afresh (only successful
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

/** Sends an idempotent answer as JSON, marking replays. */
export function sendIdempotent(reply: FastifyReply, answer: IdempotentAnswer): FastifyReply {
  reply.status(answer.status).type('application/json; charset=utf-8');
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.send(answer.body);
}

/** Forgets keys older than `days` days (their retries are long over); answers how many. */
export async function pruneIdempotencyKeys(db: Db, days: number, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - days * 24 * 60 * 60 * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
