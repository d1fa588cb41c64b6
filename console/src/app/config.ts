import { parseRuntimeConfig, type RuntimeConfig } from '@coin/contract';

let current: RuntimeConfig | null = null;

export class ConfigLoadError extends Error {
  constructor(cause: unknown) {
    super('config.json could not be loaded', { cause });
    this.name = 'ConfigLoadError';
  }
}

/** Fetch and validate `/config.json` (DESIGN §4); the app renders only after this succeeds. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl(`/config.json?_=${Date.now()}`, { headers: { Accept: 'application/json' } });
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
