/**
 * zod's object parsers compile themselves with `new Function` unless its configuration says `jitless`;
 * before the first parse zod probes whether it may, and the console's Content-Security-Policy
 * (`script-src 'self'`, no eval) refuses the probe, which the browser reports as a CSP violation on every
 * signed-in load (Lighthouse's best practices count it). zod reads its configuration from this global
 * (`z.config` writes the same object) and keeps what is there when it loads; setting it here, in the
 * entry's first import, needs no zod in the entry (the sign-in page's first load has none).
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

const scope = globalThis as ZodGlobal;
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
