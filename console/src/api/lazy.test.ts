import { ERROR_MESSAGES } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { NetworkError } from './errors';
import { lazy } from './lazy';

describe('lazily loaded API modules', () => {
  it('resolve to the module', async () => {
    const module = { answer: 42 };
    await expect(lazy(() => Promise.resolve(module))()).resolves.toBe(module);
  });

  it('turn a chunk that cannot be fetched into the network failure of §8', async () => {
    const load = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const loading = load();
    await expect(loading).rejects.toBeInstanceOf(NetworkError);
    await expect(loading).rejects.toThrow(ERROR_MESSAGES.network);
  });
});
