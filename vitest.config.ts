import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const consoleSrc = fileURLToPath(new URL('./console/src', import.meta.url));

/**
 * Files and the tests inside them run in a random order, so a test that leans on another's leftovers
 * fails. The seed is printed; `VITEST_SEED=<seed> npm run test:unit` replays that order.
 */
function shuffleSeed(): number {
  const given = process.env.VITEST_SEED;
  if (given !== undefined && given !== '') {
    if (!/^\d+$/.test(given)) throw new Error(`VITEST_SEED must be a non-negative integer (got ${given})`);
    return Number(given);
  }
  return Math.floor(Math.random() * 1_000_000);
}
const seed = shuffleSeed();
console.log(`vitest shuffle seed: ${seed}`);

export default defineConfig({
  test: {
    // Projects take the order from here.
    sequence: { shuffle: true, seed },
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          // Each file builds its own database (PGlite in WASM, or a fresh PostgreSQL schema).
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias: { '@': consoleSrc } },
        test: { name: 'console', include: ['console/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
});
