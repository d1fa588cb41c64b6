import { parseRuntimeConfig, type RuntimeConfig } from '@coin/contract';

let current: RuntimeConfig | null = null;

export class ConfigLoadError extends Error {
  constructor(cause: unknown) {
    super('config.json could not be loaded', { cause });
    this.name = 'ConfigLoadError';
  }
}

/**
 * The runtime configuration's address. index.html preloads it (`<link rel="preload" as="fetch">`), so it
 * is requested while the page is parsed, not after the entry's scripts have run; the fetch below takes
 * that response only when its URL and options match the link's, so neither carries a cache-busting
 * parameter or a header of its own (the server answers it with `Cache-Control: no-cache`).
 */
export const CONFIG_URL = '/config.json';

/** Fetch and validate `/config.json` (DESIGN §4); the app renders only after this succeeds. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl(CONFIG_URL);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    current = parseRuntimeConfig(await response.json());
    return current;
  } catch (error) {
    throw new ConfigLoadError(error);
  }
}

/** The loaded runtime configuration. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime configuration is not loaded yet');
  return current;
}

/** For tests and tools that build the app without fetching. */
export function setConfig(config: RuntimeConfig): void {
  current = config;
}
