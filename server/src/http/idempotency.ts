import { IDEMPOTENCY_KEY_HEADER } from '@coin/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors';
import type { IdempotentAnswer } from '../domain/idempotency';

/**
 * The HTTP side of idempotency: the Idempotency-Key header and the replayed reply. The keys and their
 * stored answers are kept by domain/idempotency.ts.
 */

/** Visible ASCII, 1–255 characters (a UUID fits). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** Answered on a replayed response. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const MISSING_KEY_MESSAGE = 'Idempotency-Keyヘッダーを指定してください';

/** The request's Idempotency-Key; 400 when it is missing or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[HEADER];
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new DomainError('invalid_request', MISSING_KEY_MESSAGE, IDEMPOTENCY_KEY_HEADER);
  }
  return value;
}

/** Sends an idempotent answer as JSON, marking replays. */
export function sendIdempotent(reply: FastifyReply, answer: IdempotentAnswer): FastifyReply {
  reply.status(answer.status).type('application/json; charset=utf-8');
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.send(answer.body);
}
