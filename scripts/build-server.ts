/*
 * Compiles the wallet service ahead of time (`npm run build:server`): server/dist/{server,admin,seed}.mjs,
 * one ES module each with its source map, and csvWorker.mjs, the worker thread server.mjs starts. The
 * project's own code (the server and @coin/contract, which is TypeScript source) is bundled; every npm
 * package stays an import resolved from node_modules, as PGlite and sharp load files next to their own
 * code. The PDF fonts stay in server/fonts, which the bundle finds as the source does, through the
 * @coin/server package (documents/typeset.ts). Production then runs plain JavaScript (`npm run serve`),
 * with no TypeScript transpiler at run time.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = (path: string) =>
  JSON.parse(readFileSync(`${root}/${path}`, 'utf8')) as { dependencies?: Record<string, string> };
const packages = [manifest('server/package.json'), manifest('contract/package.json')]
  .flatMap((m) => Object.keys(m.dependencies ?? {}))
  .filter((name) => !name.startsWith('@coin/'));

const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'server/src/server.ts',
    admin: 'server/src/cli/admin-cli.ts',
    seed: 'server/src/cli/seed.ts',
    // The history CSV writer's worker thread, found beside server.mjs (http/csvWorkers.ts).
    csvWorker: 'server/src/http/csvWorker.ts',
  },
  outdir: 'server/dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // A package's subpaths (kysely/migration) are external with it.
  external: packages,
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server built into server/dist in ${Math.round(performance.now() - started)} ms`);
