import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

/** Libraries every page needs before its first paint. */
const FRAMEWORK_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'use-sync-external-store',
  '@tanstack/react-router',
  '@tanstack/router-core',
  '@tanstack/history',
  '@tanstack/store',
  '@tanstack/react-store',
  'zustand',
];
/**
 * Mantine's provider and the components nearly every view uses (app/MantineRoot.tsx loads them; the
 * login page's first load has no Mantine): one chunk, which compresses better than many small ones.
 */
const MANTINE_BASE = [
  'core/MantineProvider',
  'components/Paper',
  'components/Container',
  'components/Group',
  'components/Stack',
  'components/Center',
  'components/Loader',
  'components/Text',
  'components/Title',
  'components/Anchor',
  'components/Alert',
  'components/Button',
  'components/TextInput',
  'components/PasswordInput',
  'components/Checkbox',
].map((path) => `/node_modules/@mantine/core/esm/${path}/`);
const FIRST_PAINT_DIRS = FRAMEWORK_PACKAGES.map((path) => `/node_modules/${path}/`);
const inDirs = (dirs: string[]) => (id: string) => dirs.some((dir) => id.replaceAll('\\', '/').includes(dir));
const isFirstPaint = inDirs(FIRST_PAINT_DIRS);

/**
 * A plugin that resolves one import of one library module (`source` imported by a file matching
 * `importer`) to a module of our own in src/app/vendor, leaving every other import of it alone.
 */
function vendorShim(name: string, source: string, importer: RegExp, shimFile: string): Plugin {
  const shim = fileURLToPath(new URL(`./src/app/vendor/${shimFile}`, import.meta.url));
  return {
    name,
    enforce: 'pre',
    resolveId(imported, from) {
      return imported === source && from && importer.test(from) ? shim : null;
    },
  };
}

/**
 * Mantine's ScrollArea takes one hook from `@floating-ui/react` (useMergeRefs); that import alone put the
 * positioning library (12 KB gzipped, the chunk popovers and selects share) into every page with a
 * table (Table.ScrollContainer renders a ScrollArea). Resolved to an equivalent of our own instead.
 */
const scrollAreaWithoutFloatingUi = () =>
  vendorShim(
    'scroll-area-without-floating-ui',
    '@floating-ui/react',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    'scrollAreaMergeRefs.ts',
  );

/**
 * Mantine's `useId` (in `@mantine/hooks`, used by inputs, popovers, selects and the AppShell) swaps
 * React's id for a random one in a layout effect, re-rendering each user once more before the first
 * paint; resolved to src/app/vendor/mantineUseId.ts, which keeps React's id.
 */
const mantineUseIdWithoutRerender = () =>
  vendorShim(
    'mantine-use-id-without-rerender',
    './use-id/use-id.mjs',
    /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
    'mantineUseId.ts',
  );

/**
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has every function
 * compiled while the script streams in, on a background thread, instead of lazily on the main thread at
 * its first call. The console's chunks are fetched when a page needs them, so most of their functions run
 * during that page's first render: lazily, V8 compiled ~2,100 functions on the main thread per signed-in
 * load (~150–250 ms of thread time before Lighthouse's 4× CPU; bench/src/consoleAB.ts). Other browsers
 * read a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link COMPILE_HINT} on the first line of every JavaScript chunk, last of all (after minification,
 * which drops comments, and after Vite has put its preload map at the top of chunks with dynamic imports).
 */
function compileHint(): Plugin {
  return {
    name: 'compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle))
          if (output.type === 'chunk' && !output.code.startsWith(COMPILE_HINT))
            output.code = `${COMPILE_HINT}\n${output.code}`;
      },
    },
  };
}

/** Files worth sending compressed (text); smaller ones cost more in headers than they save. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the highest
 * levels (done once per build, not per request); the server sends the best one the browser accepts.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (bytes.length < COMPRESS_MIN_BYTES) continue;
        const path = join(outDir, fileName);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), scrollAreaWithoutFloatingUi(), mantineUseIdWithoutRerender(), compileHint(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // React 19 has useSyncExternalStore: TanStack Store's selector hook needs no pre-18 shim.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  build: {
    modulePreload: {
      // Every supported browser has modulepreload; skip the polyfill.
      polyfill: false,
      // A dynamic import preloads only its CSS: a <link rel="modulepreload"> per JavaScript dependency
      // (~45 for a page) was appended in one task, and those appends were the largest single cost of a
      // signed-in load's script (~40 ms of thread time, ×4 in Lighthouse). The browser fetches a chunk's
      // static imports as soon as it parses it, and the entry's own (index.html) are still preloaded.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
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
            // What the first paint needs, in one chunk: it compresses better than many small ones.
            { name: 'framework', test: isFirstPaint },
            { name: 'mantine', test: inDirs(MANTINE_BASE) },
            // Small pieces the shell and several pages share (badges, Mantine helpers, the notifications
            // store), and the query client with its provider (not the observers the pages' hooks add):
            // one chunk each rather than one per set of importing pages, which compressed worse and
            // pushed the signed-in layout over its 60 KB budget.
            {
              name: 'shell-shared',
              test: /[\\/]@mantine[\\/](core[\\/]esm[\\/](components[\\/]Badge|core[\\/]utils[\\/](get-sorted-breakpoints|create-safe-context))|notifications[\\/]esm[\\/]notifications\.store|store)[\\/.]/,
            },
            // Small Mantine input pieces most list pages share (the status select's chevron, keyboard
            // helpers): one chunk, not one per set of importing pages (each extra file costs its own
            // gzip overhead in every page that loads it).
            {
              name: 'inputs-shared',
              test: /[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](NativeSelect|Combobox[\\/]ComboboxChevron)|core[\\/]utils[\\/]create-scoped-keydown-handler)[\\/.]|[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-force-update[\\/.]/,
            },
            {
              name: 'query-client',
              test: /[\\/]@tanstack[\\/](query-core[\\/].*[\\/](?!\w*Observer)\w+|react-query[\\/].*[\\/]QueryClientProvider)\.js$/,
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
