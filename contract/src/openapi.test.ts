import { describe, expect, it } from 'vitest';
import { CALLS } from './calls';
import { buildOpenApiDocument } from './openapi';

type Operation = { responses: Record<string, unknown>; security?: unknown };
const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> };
const operation = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

describe('OpenAPI document', () => {
  it('documents every call of the contract', () => {
    for (const def of Object.values(CALLS)) expect(operation(def.method, def.path)).toBeDefined();
  });

  it('documents the refusals of each access kind', () => {
    const signIn = operation('POST', '/sessions/merchant');
    expect(Object.keys(signIn?.responses ?? {}).sort()).toEqual(['200', '400', '401']);
    expect(signIn?.security).toBeUndefined();
    const wallet = operation('GET', '/wallets/{wallet_no}');
    expect(Object.keys(wallet?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(wallet?.security).toEqual([{ bearer: [] }]);
  });
});
