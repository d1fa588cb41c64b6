import { z } from 'zod';
import { CALLS, type CallDef } from './calls';
import { IDEMPOTENCY_KEY_HEADER, STEP_UP_HEADER } from './endpoints';
import { errorBodySchema } from './schemas';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parameters(def: CallDef): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
    }
  }
  if (def.idempotent) {
    out.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: true,
      description: 'A retry with the same key answers the first result; the same key with another body is 409',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  if (def.stepUp) {
    out.push({
      name: STEP_UP_HEADER,
      in: 'header',
      required: def.stepUpUse !== 'above_limit' && def.stepUpUse !== 'with_factor',
      description: `A proof made for purpose \`${def.stepUp}\` by this tab (POST /sessions/current/step_up)${
        def.stepUpUse === 'prepares'
          ? '; checked, not spent'
          : def.stepUpUse === 'above_limit'
            ? "; needed only above the operator's limit, then spent"
            : def.stepUpUse === 'with_factor'
              ? '; needed only of a user with an authenticator app or a passkey, then spent'
              : '; spent by the change'
      }`,
      schema: { type: 'string', maxLength: 200 },
    });
  }
  return out;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: toSchema(errorBodySchema, 'output') } },
});

/** The OpenAPI 3.1 document of every call, generated from the contract. */
export function buildOpenApiDocument(serverUrl = '/api'): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [operationId, def] of Object.entries(CALLS) as [string, CallDef][]) {
    const operation: JsonSchema = {
      operationId,
      summary: def.summary,
      parameters: parameters(def),
      'x-access': def.access,
      ...(def.stepUp ? { 'x-step-up': { purpose: def.stepUp, use: def.stepUpUse ?? 'spends' } } : {}),
      responses: {
        '200': {
          description: 'OK',
          ...(def.issuesAuthorization
            ? {
                headers: {
                  Authorization: { description: 'Bearer token with a popinfo_id claim', schema: { type: 'string' } },
                },
              }
            : {}),
          // Money: histories and fees — file answers (CSV) carry their own media type.
          content: def.produces
            ? {
                [def.produces]: {
                  schema: def.produces === 'text/csv' ? { type: 'string' } : { type: 'string', format: 'binary' },
                },
              }
            : { 'application/json': { schema: toSchema(def.response, 'output') } },
        },
        '400': errorResponse('Invalid input; `field` names the offending field'),
        ...(def.access.kind === 'public'
          ? Object.fromEntries(
              Object.entries(def.publicRefusals ?? {}).map(([status, text]) => [status, errorResponse(text)]),
            )
          : {
              '401': errorResponse('No or bad credentials; `token_expired` when the authorization has expired'),
              '403': errorResponse(
                def.stepUp
                  ? 'The role may not make this call; `step_up_required` (with its `purpose`) when no unspent proof for that purpose, made in this tab within STEP_UP_WINDOW_MS (POST /sessions/current/step_up), comes in the Step-Up-Token header'
                  : 'The role may not make this call',
              ),
              '404': errorResponse('Not found, or not the caller’s'),
              ...Object.fromEntries(
                Object.entries(def.refusals ?? {}).map(([status, text]) => [status, errorResponse(text)]),
              ),
            }),
        ...(def.idempotent
          ? {
              '409': errorResponse('The Idempotency-Key was used with another request, or the state conflicts'),
              '422': errorResponse('A business rule refuses the request'),
            }
          : {}),
      },
    };
    // Public calls say so (an empty requirement), protected ones name the bearer scheme.
    operation.security = def.access.kind === 'public' ? [] : [{ bearer: [] }];
    if (def.consumes) {
      operation.requestBody = {
        required: true,
        content: {
          [def.consumes]: {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary' } },
            },
          },
        },
      };
    }
    if (def.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(def.body, 'input') } },
      };
    }
    paths[def.path] ??= {};
    (paths[def.path] as Record<string, JsonSchema>)[def.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wallet service API',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
