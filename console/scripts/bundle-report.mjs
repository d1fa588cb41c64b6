// Gzipped first-load size of each route from the Vite manifest: the entry's static closure plus
// the route's own chunks (its dynamic import and their static imports not already in the entry).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const gz = (file) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}
const filesOf = (keys) => {
  const files = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
};
const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryKeys = closure([entryKey]);
const entryFiles = filesOf(entryKeys);
const js = [...entryFiles].filter((f) => f.endsWith('.js'));
const css = [...entryFiles].filter((f) => f.endsWith('.css'));
console.log(`entry: JS ${kb(sum(js))} + CSS ${kb(sum(css))} = ${kb(sum(entryFiles))} (${entryFiles.size} files)`);

const routeChunks = (key, withKeys = []) => {
  const own = new Set([...closure([key, ...withKeys])].filter((k) => !entryKeys.has(k)));
  return filesOf(own);
};
const find = (fragment) => Object.keys(manifest).find((key) => key.includes(fragment));
const layouts = { signedIn: find('app/shell/SignedInLayout'), signedOut: find('app/SignedOutLayout') };
const pages = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
console.log('\nroute chunks (own JS+CSS beyond the entry):');
for (const key of pages.sort()) {
  const files = routeChunks(key);
  console.log(`  ${key.replace(/^src\//, '').padEnd(58)} ${kb(sum(files)).padStart(9)}`);
}
// The signed-out layout is part of the entry unless it is lazily loaded.
const login = routeChunks(find('pages/login/LoginPage'), [layouts.signedOut].filter(Boolean));
console.log(`\nlogin first load (entry + signed-out layout + login page): ${kb(sum(entryFiles) + sum(login))}`);
const top = routeChunks(find('pages/top/TopPage'), [layouts.signedIn]);
console.log(`top first load (entry + shell + top page, chart lazy): ${kb(sum(entryFiles) + sum(top))}`);
