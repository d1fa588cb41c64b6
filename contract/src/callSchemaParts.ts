/**
 * The modules the call table (`calls.ts`) builds its zod schemas from, as loaders, each after the modules
 * it imports. Imported on its own, `calls.ts` builds every schema of every call in one task, the longest
 * a signed-in page's first load had after the entry's own; a browser that loads these first builds the
 * schemas a module or a few at a time, in tasks of their own, and `calls.ts` then only assembles the
 * table (console/src/api/client.ts). A module missing here is built with `calls.ts`, as before: the
 * list only moves work, it decides nothing. Listed are only modules the console reaches through the call
 * table alone: a dynamically imported module keeps every export, so one a page takes a constant or a
 * helper from (schemas/refunds, documents, transactionTotals…) would bring its schemas and zod into that
 * page's first load, and zod itself is not listed (all of it would be kept). `bench/src/bundle.ts` shows it.
 */
export const CALL_SCHEMA_PARTS: readonly (() => Promise<unknown>)[] = [
  () => import('./schemas/common'),
  () => import('./schemas/historySearch'),
  () => import('./schemas/identities'),
  () => import('./schemas/twoStep'),
  () => import('./schemas/sessions'),
  () => import('./schemas/wallets'),
  () => import('./schemas/fees'),
  () => import('./schemas/csv'),
  () => import('./schemas/journal'),
  () => import('./schemas/merchants'),
  () => import('./schemas/merchantUsers'),
  () => import('./schemas/notices'),
  () => import('./schemas/runtimeConfig'),
];
