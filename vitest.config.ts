import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const consoleSrc = fileURLToPath(new URL('./console/src', import.meta.url));

export default defineConfig({
  test: {
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
