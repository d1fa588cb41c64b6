/**
 * Bundle budgets (DESIGN.md §11): the login page's first load (JS + CSS, gzipped) and each
 * lazily loaded route chunk, read from the Vite manifest of a fresh production build.
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

const dist = fileURLToPath(new URL('../../console/dist', import.meta.url));
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

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
const loginKey = Object.keys(manifest).find((key) => manifest[key]?.isDynamicEntry && /Login/.test(key));
if (!loginKey) throw new Error('no lazily loaded Login page chunk in the Vite manifest');

const entryClosure = staticClosure([entryKey]);
const loginFiles = filesOf(staticClosure([entryKey, loginKey]));
const loginKB = sumKB(loginFiles);

const rows: { name: string; kb: number; budget: number }[] = [
  { name: 'login first load (JS + CSS)', kb: loginKB, budget: budgets.loginFirstLoadGzipKB },
];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  // A page's own chunk: its file and CSS plus shared chunks only it needs beyond the entry.
  const own = filesOf([...staticClosure([key])].filter((k) => !entryClosure.has(k)));
  rows.push({ name: chunk.name ?? key, kb: sumKB(own), budget: budgets.routeChunkGzipKB });
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
console.log(`login first load target: ${budgets.loginFirstLoadTargetGzipKB} KB (now ${loginKB.toFixed(1)} KB)`);
if (over > 0) {
  console.error(`${over} chunk(s) over budget`);
  process.exitCode = 1;
}
