import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The parts the loader builds first: each test says whether they load. */
const parts = vi.hoisted(() => ({ fail: false, loaded: [] as string[] }));

vi.mock('@coin/contract/callSchemaParts', () => ({
  CALL_SCHEMA_PARTS: ['zod', 'schemas'].map((name) => async () => {
    if (parts.fail) throw new TypeError(`Failed to fetch dynamically imported module: ${name}`);
    parts.loaded.push(name);
  }),
}));

beforeEach(() => {
  vi.resetModules();
  parts.fail = false;
  parts.loaded = [];
});

describe('loadCallSchemas', () => {
  it('builds the parts first, then answers the call table, once for every caller', async () => {
    const { loadCallSchemas } = await import('./client');
    const [first, second] = await Promise.all([loadCallSchemas(), loadCallSchemas()]);
    expect(parts.loaded).toEqual(['zod', 'schemas']);
    expect(first).toBe(second);
    expect(first.CALLS.getWallet.response.safeParse({ wallet_no: '1234567890', balances: [] }).success).toBe(true);
    await loadCallSchemas();
    expect(parts.loaded).toEqual(['zod', 'schemas']);
  });

  it('forgets a load that failed, so that the next call loads again', async () => {
    const { loadCallSchemas } = await import('./client');
    parts.fail = true;
    await expect(loadCallSchemas()).rejects.toThrow('Failed to fetch');
    parts.fail = false;
    const schemas = await loadCallSchemas();
    expect(parts.loaded).toEqual(['zod', 'schemas']);
    expect(schemas.CALLS.getWallet).toBeDefined();
  });
});
