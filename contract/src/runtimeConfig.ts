import type { RuntimeConfig } from './schemas';

/**
 * `/config.json` checked by hand, with exactly the rules of `runtimeConfigSchema` (schemas.ts), so
 * the console can validate its configuration before the first render without loading zod.
 * runtimeConfig.test.ts feeds the same inputs to both and asserts that they agree.
 */

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
  constructor(readonly path: string) {
    super(`config.json: ${path || 'the document'} is missing or not valid`);
  }
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function object(value: unknown, path: string): Fields {
  if (!isObject(value)) throw new RuntimeConfigError(path);
  return value;
}

function string(fields: Fields, key: string, path: string): string {
  const value = fields[key];
  if (typeof value !== 'string') throw new RuntimeConfigError(`${path}${key}`);
  return value;
}

/** `z.number().int()` accepts safe integers only; `min` is inclusive. */
function integer(fields: Fields, key: string, min: number, path = ''): number {
  const value = fields[key];
  if (!Number.isSafeInteger(value) || (value as number) < min) throw new RuntimeConfigError(`${path}${key}`);
  return value as number;
}

/** The validated configuration; like a zod object it keeps only the known fields. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const config = object(value, '');
  const handover = object(config.appHandover, 'appHandover');
  return {
    apiBaseUrl: string(config, 'apiBaseUrl', ''),
    noticeUrl: string(config, 'noticeUrl', ''),
    passwordMinLength: integer(config, 'passwordMinLength', 1),
    notificationMs: integer(config, 'notificationMs', 1),
    requestTimeoutMs: integer(config, 'requestTimeoutMs', 1),
    appHandover: {
      scheme: string(handover, 'scheme', 'appHandover.'),
      universalLinkBase: string(handover, 'universalLinkBase', 'appHandover.'),
      iosStoreUrl: string(handover, 'iosStoreUrl', 'appHandover.'),
      androidStoreUrl: string(handover, 'androidStoreUrl', 'appHandover.'),
    },
  };
}
