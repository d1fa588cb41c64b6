import type { FastifySchemaCompiler } from 'fastify';
import { type ZodType, z } from 'zod';
import { DomainError } from '../domain/errors';

// Messages of zod's own checks in the console's language (the contract's custom messages are Japanese already).
z.config(z.locales.ja());

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/** Validates params, query and body with the contract's zod schemas; the parsed (coerced, defaulted) value replaces the input. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    // Fastify hands a missing body over as null; zod should see "nothing".
    const result = schema.safeParse(data ?? undefined);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field =
      issue && issue.path.length > 0 ? issue.path.map(String).join('.') : (PART_NAMES[httpPart ?? ''] ?? 'body');
    return { error: new DomainError('invalid_request', issue?.message ?? '入力内容が正しくありません', field) };
  };
