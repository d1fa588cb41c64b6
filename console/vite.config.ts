import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // Every supported browser has modulepreload; skip the polyfill.
    modulePreload: { polyfill: false },
    outDir: 'dist',
    // The manifest gives the chunk graph for the bundle report (scripts/bundle-report.mjs).
    manifest: true,
    emptyOutDir: true,
    // Pages are split per route by the dynamic imports of src/router/pages.ts.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Libraries every page needs before its first paint: one chunk compresses better than many.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store)|i18next|react-i18next|zustand)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/config.json': API_ORIGIN,
    },
  },
});
