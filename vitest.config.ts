import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { installTestClock } from './contract/src/testClock.ts';

// TEST_CLOCK=<ISO date-time> runs every test as if it were then; anchored here, shared by the workers.
installTestClock();
if (process.env.TEST_CLOCK) console.log(`vitest test clock: ${process.env.TEST_CLOCK}`);

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
// Vitest may evaluate this file more than once in a run (the main process, then for the projects): the
// first draw is kept in the environment so every evaluation shuffles with the seed printed.
process.env.VITEST_SEED = String(seed);
const setupFiles = [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))];
if (process.env.VITEST_SEED_PRINTED !== String(seed)) console.log(`vitest shuffle seed: ${seed}`);
process.env.VITEST_SEED_PRINTED = String(seed);

export default defineConfig({
  test: {
    // Projects take the order from here.
    sequence: { shuffle: true, seed },
    // Vitest's default is one worker less than the cores: one worker on CI's two cores, most of whose time
    // the server tests spend waiting on PostgreSQL. Two files at a time there (measured in the closing
    // notes of issue 22); VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, availableParallelism() - 1)),
    // Vitest's default per test is too short for a heavy component test on a busy 2-core machine: the
    // limit is sized for the suite getting a third of the machine (issue 44). A test waits for what it
    // needs (findBy…, expect.poll), never for a fixed time.
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'], testTimeout: 20_000, setupFiles } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          // Each file builds its own database (PGlite in WASM, or a fresh PostgreSQL schema).
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
          setupFiles,
          // With TEST_DATABASE_URL: one seeded PostgreSQL template per run, copied for each file.
          globalSetup: [
            fileURLToPath(new URL('./server/src/testing/postgresTemplate.globalSetup.ts', import.meta.url)),
          ],
        },
      },
      {
        resolve: { alias: { '@': consoleSrc } },
        test: {
          name: 'console',
          include: ['console/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 20_000,
          setupFiles,
        },
      },
    ],
  },
});
