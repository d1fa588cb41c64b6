/**
 * Bundle budgets (DESIGN.md §11): the login page's first load (JS + CSS, gzipped) and each page's
 * own chunk, read from the Vite manifest of a fresh production build. Pages are the chunks the
 * router's route components load (the page map console/src/router/pages.ts and the layouts of
 * console/src/router/router.tsx); other lazily loaded chunks are listed apart, without a budget.
 * Every view but the login page's first paint renders inside app/MantineRoot, so the pages' own
 * chunks are measured beyond the entry and MantineRoot's chunks, as a layout's would be; signed-in
 * pages also beyond the signed-in layout's (its chunk and what it imports load before any of them).
 * Usage: npm run bench   (builds the console with a manifest first)
 *        CONSOLE_DIST=/tmp/dist npx tsx bench/src/bundle.ts   (a build of `npm run build -w console -- --manifest --outDir /tmp/dist`)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const consoleDir = fileURLToPath(new URL('../../console/', import.meta.url));
// CONSOLE_DIST (as for the server) reads a build made elsewhere: `vite build --outDir <dir>`.
const dist = process.env.CONSOLE_DIST ? resolve(process.env.CONSOLE_DIST) : join(consoleDir, 'dist');
const budgets = JSON.parse(readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')) as {
  loginFirstLoadGzipKB: number;
  loginFirstLoadTargetGzipKB: number;
  routeChunkGzipKB: number;
};
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const gzipKB = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** Files a chunk pulls in statically: itself, its CSS and its static imports, transitively. */
function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}
const filesOf = (keys: Iterable<string>) => {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
};
const sumKB = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipKB(file), 0);

/** Manifest keys of the modules a source loads with `import('@/…')`. */
function importedKeys(source: string, text: string): Set<string> {
  const keys = new Set<string>();
  for (const [, specifier] of text.matchAll(/import\(\s*'@\/([^']+)'\s*\)/g)) {
    const key = [`src/${specifier}.tsx`, `src/${specifier}.ts`].find((candidate) => manifest[candidate]);
    if (!key) throw new Error(`${source} loads @/${specifier}, which is not in the Vite manifest`);
    keys.add(key);
  }
  return keys;
}

const PAGE_SOURCES = ['src/router/pages.ts', 'src/router/router.tsx'] as const;
const sourceText = (source: string) => readFileSync(join(consoleDir, source), 'utf8');
/** The modules the router's route components load (the page map and the layouts). */
const pageKeys = () => new Set(PAGE_SOURCES.flatMap((source) => [...importedKeys(source, sourceText(source))]));

/** The signed-in pages: the part of the page map between its "Signed-in pages." and "Public pages." comments. */
function signedInPageKeys(): Set<string> {
  const source = PAGE_SOURCES[0];
  const text = sourceText(source);
  const from = text.indexOf('// Signed-in pages.');
  const to = text.indexOf('// Public pages.');
  if (from < 0 || to < from) throw new Error(`${source} lost its "Signed-in pages." / "Public pages." comments`);
  return importedKeys(source, text.slice(from, to));
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
const pages = pageKeys();
const pagesMatching = (fragment: string) => [...pages].filter((candidate) => candidate.includes(fragment));
const loginPage = pagesMatching('pages/login/LoginPage');
if (loginPage.length === 0) throw new Error('no lazily loaded Login page chunk among the pages');

const entryClosure = staticClosure([entryKey]);
// Mantine (app/MantineRoot) loads with every view but the Login page's first paint, like a layout:
// pages are measured beyond it, and it has its own row with the page budget.
const mantineRoot = pagesMatching('app/MantineRoot');
if (mantineRoot.length === 0) throw new Error('no lazily loaded MantineRoot chunk among the pages');
const beforePages = staticClosure([entryKey, ...mantineRoot]);
// A signed-in page renders inside the signed-in layout, which has loaded (with what it imports) first.
const signedInLayout = pagesMatching('app/shell/SignedInLayout');
if (signedInLayout.length === 0) throw new Error('no lazily loaded SignedInLayout chunk among the pages');
const signedInPages = signedInPageKeys();
const beforeSignedInPages = staticClosure([entryKey, ...mantineRoot, ...signedInLayout]);
// What the browser fetches for /login: the entry, the signed-out layout (when lazily loaded) and the Login page.
const loginFiles = filesOf(staticClosure([entryKey, ...pagesMatching('SignedOutLayout'), ...loginPage]));
const loginKB = sumKB(loginFiles);

/** A lazily loaded chunk's own files: its static closure minus what is already loaded when it is imported. */
function ownKB(key: string, loaded: Set<string>): number {
  return sumKB(filesOf([...staticClosure([key])].filter((k) => !loaded.has(k))));
}
const nameOf = (key: string) => (key === entryKey ? 'entry' : (manifest[key]?.name ?? key));

const rows: { name: string; kb: number; budget: number }[] = [
  { name: 'login first load (JS + CSS)', kb: loginKB, budget: budgets.loginFirstLoadGzipKB },
];
const deferred: { name: string; kb: number; importedBy: string }[] = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  if (pages.has(key)) {
    // A page's own chunk: its file and CSS plus shared chunks it needs beyond the entry, Mantine and its layout.
    const loaded = mantineRoot.includes(key)
      ? entryClosure
      : signedInPages.has(key)
        ? beforeSignedInPages
        : beforePages;
    rows.push({ name: nameOf(key), kb: ownKB(key, loaded), budget: budgets.routeChunkGzipKB });
    continue;
  }
  // Loaded later by other chunks (a widget inside a page, the call schemas…): beyond its importers.
  const importers = Object.keys(manifest).filter((k) => manifest[k]?.dynamicImports?.includes(key));
  const loaded = staticClosure([entryKey, ...mantineRoot, ...importers]);
  deferred.push({ name: nameOf(key), kb: ownKB(key, loaded), importedBy: importers.map(nameOf).join(', ') });
}

let over = 0;
console.log(`${'chunk'.padEnd(44)} ${'gzip KB'.padStart(9)} ${'budget'.padStart(8)}`);
for (const row of rows) {
  const ok = row.kb <= row.budget;
  if (!ok) over += 1;
  console.log(
    `${row.name.padEnd(44)} ${row.kb.toFixed(1).padStart(9)} ${String(row.budget).padStart(8)}  ${ok ? 'ok' : 'OVER'}`,
  );
}
console.log('\ndeferred widget (no page budget): lazily loaded by another chunk, not a page');
for (const row of deferred) {
  console.log(`${row.name.padEnd(44)} ${row.kb.toFixed(1).padStart(9)}  loaded by ${row.importedBy}`);
}
console.log(`\nlogin first load target: ${budgets.loginFirstLoadTargetGzipKB} KB (now ${loginKB.toFixed(1)} KB)`);
if (over > 0) {
  console.error(`${over} chunk(s) over budget`);
  process.exitCode = 1;
}

// The build's compile hint (console/vite.config.ts, compileHint) counts only as a chunk's first line: a
// change of bundler or plugin order that moved it would put V8's lazy compiles back on the main thread.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const unhinted = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter(
  (file) => file.endsWith('.js') && !readFileSync(join(dist, file), 'utf8').startsWith(COMPILE_HINT),
);
console.log(
  `compile hint on the first line: ${unhinted.length === 0 ? 'every chunk' : `missing in ${unhinted.length} chunks (${unhinted.slice(0, 3).join(', ')}…)`}`,
);
if (unhinted.length > 0) process.exitCode = 1;
