import type { ErrorBody, ErrorType } from '@coin/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../domain/errors';
import { isOverdraft } from '../domain/ledger';

/** HTTP status of each error type answered by the service. */
export const STATUS_OF: Record<ErrorType, number> = {
  invalid_request: 400,
  invalid_reauth_token: 400,
  invalid_credentials: 401,
  unauthorized: 401,
  token_expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  // Staff and accounts
  invalid_token: 404,
  link_expired: 410,
  token_used: 409,
  last_owner: 422,
  too_large: 413,
  duplicate_email: 409,
  account_locked: 429,
  step_up_required: 403,
  two_step_enrolment_required: 403,
  session_timed_out: 401,
};

interface DatabaseErrorLike {
  code: string;
  constraint?: string;
}

const isDatabaseError = (error: unknown): error is DatabaseErrorLike =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

/** Expected database refusals, by SQLSTATE; anything else is a 500. */
function fromDatabase(error: DatabaseErrorLike): DomainError | null {
  if (isOverdraft(error)) {
    return new DomainError('unprocessable', '残高が不足しています');
  }
  if (error.code === '23505') return new DomainError('conflict', 'すでに処理済みです');
  if (error.code === '40001' || error.code === '40P01') return new DomainError('conflict');
  // Data exceptions (a value out of range…) come from input that slipped past validation.
  if (error.code.startsWith('22')) return new DomainError('invalid_request');
  return null;
}

/** One place that turns thrown errors into `{ type, message }` answers; 5xx details stay in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    let known: DomainError | null = null;
    if (error instanceof DomainError) known = error;
    else if (isDatabaseError(error)) known = fromDatabase(error);

    if (known) {
      const status = STATUS_OF[known.type];
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      const body: ErrorBody = {
        type: known.type,
        message: known.message,
        ...(known.field ? { field: known.field } : {}),
        ...(known.purpose ? { purpose: known.purpose } : {}),
      };
      return reply.status(status).send(body);
    }

    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, unsupported media type, body too large…
      const body: ErrorBody =
        status === 429
          ? { type: 'rate_limited', message: new DomainError('rate_limited').message }
          : // They all concern the request body as a whole.
            { type: 'invalid_request', message: new DomainError('invalid_request').message, field: 'body' };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ErrorBody = { type: 'internal', message: new DomainError('internal').message };
    return reply.status(500).send(body);
  });
}
