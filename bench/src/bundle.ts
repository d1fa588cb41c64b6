/**
 * Bundle budgets (DESIGN.md §11): the login page's first load (JS + CSS, gzipped) and each page's
 * own chunk, read from the Vite manifest of a fresh production build. Pages are the chunks the
 * router's route components load (the page map console/src/router/pages.ts and the layouts of
 * console/src/router/router.tsx); other lazily loaded chunks are listed apart, without a budget.
 * Usage: npm run bench   (builds the console with a manifest first)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
const dist = join(consoleDir, 'dist');
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

/** Manifest keys of the modules the router's route components load (`import('@/…')` in its sources). */
function pageKeys(): Set<string> {
  const keys = new Set<string>();
  for (const source of ['src/router/pages.ts', 'src/router/router.tsx']) {
    const text = readFileSync(join(consoleDir, source), 'utf8');
    for (const [, specifier] of text.matchAll(/import\(\s*'@\/([^']+)'\s*\)/g)) {
      const key = [`src/${specifier}.tsx`, `src/${specifier}.ts`].find((candidate) => manifest[candidate]);
      if (!key) throw new Error(`${source} loads @/${specifier}, which is not in the Vite manifest`);
      keys.add(key);
    }
  }
  return keys;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
const pages = pageKeys();
const pagesMatching = (fragment: string) => [...pages].filter((candidate) => candidate.includes(fragment));
const loginPage = pagesMatching('pages/login/LoginPage');
if (loginPage.length === 0) throw new Error('no lazily loaded Login page chunk among the pages');

const entryClosure = staticClosure([entryKey]);
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
    // A page's own chunk: its file and CSS plus shared chunks only it needs beyond the entry.
    rows.push({ name: nameOf(key), kb: ownKB(key, entryClosure), budget: budgets.routeChunkGzipKB });
    continue;
  }
  // Loaded later by other chunks (a widget inside a page, the call schemas…): beyond its importers.
  const importers = Object.keys(manifest).filter((k) => manifest[k]?.dynamicImports?.includes(key));
  const loaded = staticClosure([entryKey, ...importers]);
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
