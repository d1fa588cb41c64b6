import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_URL, ConfigLoadError, getConfig, loadConfig } from './config';

const served = {
  apiBaseUrl: '/api',
  noticeUrl: '',
  passwordMinLength: 8,
  notificationMs: 5000,
  requestTimeoutMs: 60_000,
  appHandover: { scheme: 'coin', universalLinkBase: '', iosStoreUrl: '', androidStoreUrl: '' },
};

describe('loadConfig', () => {
  it('asks for the address index.html preloads, with nothing that would keep the preloaded answer unused', async () => {
    const fetchImpl = vi.fn(async () => Response.json(served));
    await loadConfig(fetchImpl as typeof fetch);
    // A fetch takes a preloaded response only when URL, mode and credentials match: one argument, no
    // cache-busting parameter and no header of its own.
    expect(fetchImpl).toHaveBeenCalledWith(CONFIG_URL);
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`<link rel="preload" href="${CONFIG_URL}" as="fetch" crossorigin="anonymous" />`);
    expect(getConfig()).toEqual(served);
  });

  it('fails with ConfigLoadError on an error status or a configuration the contract refuses', async () => {
    await expect(loadConfig((async () => new Response('', { status: 503 })) as typeof fetch)).rejects.toBeInstanceOf(
      ConfigLoadError,
    );
    await expect(
      loadConfig((async () => Response.json({ ...served, passwordMinLength: 'eight' })) as typeof fetch),
    ).rejects.toBeInstanceOf(ConfigLoadError);
  });
});
