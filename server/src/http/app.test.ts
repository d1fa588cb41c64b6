import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CALLS, runtimeConfigSchema } from '@coin/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../testing/harness';
import { buildApp, redactTokens } from './app';

const INDEX_HTML = '<!doctype html><title>console</title><div id="root"></div>';
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

describe('the service around the API', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let bare: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'pglite', url: null }, { seed: false });
    const dist = mkdtempSync(join(tmpdir(), 'coin-console-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // A build's file with the compressed copies the build writes beside it.
    writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG_JS);
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_JS));
    app = await buildApp({
      config: testConfig({ CONSOLE_DIST: dist, PASSWORD_MIN_LENGTH: '10', APP_SCHEME: 'mebuku://' }),
      db: database.db,
    });
    bare = await buildApp({ config: testConfig(), db: database.db });
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
    await database.close();
  });

  it('answers /config.json from the environment, valid against the contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const config = runtimeConfigSchema.parse(response.json());
    expect(config).toMatchObject({
      apiBaseUrl: '/api',
      noticeUrl: '/api/notices',
      passwordMinLength: 10,
      notificationMs: 5000,
      requestTimeoutMs: 60000,
      appHandover: { scheme: 'mebuku://' },
    });
  });

  it('publishes the OpenAPI document with every call of the contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const def of Object.values(CALLS)) {
      expect(doc.paths[def.path]?.[def.method.toLowerCase()], `${def.method} ${def.path}`).toBeDefined();
    }
  });

  it('sends the security headers on the console and the API: a strict CSP that no page may frame', async () => {
    // Answers refused by a later hook (401 without a sign-in) and unknown paths carry them too.
    for (const url of ['/top', '/api/health', '/assets/index-abc123.js', '/api/wallets/1100000001', '/api/nowhere']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      // HSTS only where the service is reached over https.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps API answers out of caches unless the call caches on purpose; assets stay immutable', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ method: 'GET', url: '/api/wallets/1100000001' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends HSTS when the public URL is https', async () => {
    const secure = await buildApp({
      config: testConfig({ PUBLIC_URL: 'https://console.example.jp' }),
      db: database.db,
    });
    try {
      const response = await secure.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it("sends the build's compressed copy the browser accepts best, with Vary, and keeps the immutable caching", async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('compresses JSON answers above 1 KB for clients that accept it, and leaves small ones alone', async () => {
    const big = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('paths');
    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('reports its health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-call'],
      ['POST', '/api/wallets'],
      ['GET', '/api'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ type: 'not_found', message: expect.any(String) });
    }
  });

  it("serves the console's index.html for every console route, on any host", async () => {
    for (const [host, url] of [
      ['localhost', '/'],
      ['localhost', '/top'],
      ['localhost', '/merchant/user?x=1'],
      ['qr.localhost', '/merchant/'],
      ['app.localhost', '/intermediaryReturnApp/ekyc/'],
      ['localhost', '/no-such-page'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { host } });
      expect(response.statusCode, `${host}${url}`).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a long time and answers 404 for a missing file', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('says how to build the console when it has not been built', async () => {
    const response = await bare.inject({ method: 'GET', url: '/top' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('npm run build');
    // The API does not depend on the console.
    expect((await bare.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('request log', () => {
  it('hides mailed-link tokens', () => {
    expect(redactTokens('/api/invitations/merchants/abc-DEF_123')).toBe('/api/invitations/merchants/[token]');
    expect(redactTokens('/api/password_reset/abc?_=1')).toBe('/api/password_reset/[token]?_=1');
    expect(redactTokens('/api/password_reset')).toBe('/api/password_reset');
    expect(redactTokens('/mu?token=abc')).toBe('/mu?token=[token]');
    expect(redactTokens('/mu/invitations?activate_token=a&email_token=b&pass_token=c&needs_password=true')).toBe(
      '/mu/invitations?activate_token=[token]&email_token=[token]&pass_token=[token]&needs_password=true',
    );
  });
});
