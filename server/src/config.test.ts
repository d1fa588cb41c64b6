import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, envExampleText, loadConfig, readmeConfigTable } from './config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'coin-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir,
      pgliteDir: join(dataDir, 'pglite'),
      publicUrl: 'http://localhost:3000',
      redisUrl: null,
      smtpUrl: null,
      passwordMinLength: 8,
      noticeUrl: '/api/notices',
      appScheme: 'coinwallet://',
      logLevel: 'info',
    });
    expect(config.consoleDist).toMatch(/console[\\/]dist$/);
  });

  it('generates a JWT secret once, readable only by the owner, and keeps it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/db',
        JWT_SECRET: 'short',
        PASSWORD_MIN_LENGTH: '0',
        LOG_LEVEL: 'loud',
        APP_SCHEME: 'no-scheme',
        PUBLIC_URL: 'localhost:3000',
        RATE_LIMIT_MAX: '0',
        TRUST_PROXY: 'yes',
        MAIL_FROM: 'nobody',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.name).sort();
    expect(names).toEqual(
      [
        'APP_SCHEME',
        'DATABASE_URL',
        'JWT_SECRET',
        'LOG_LEVEL',
        'MAIL_FROM',
        'PASSWORD_MIN_LENGTH',
        'PORT',
        'PUBLIC_URL',
        'RATE_LIMIT_MAX',
        'TRUST_PROXY',
      ].sort(),
    );
    expect((error as Error).message).toContain('PORT: must be an integer');
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/coin',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://console.example.jp/',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      PASSWORD_MIN_LENGTH: '12',
      NOTICE_URL: 'https://notices.example.jp/feed.json',
      APP_SCHEME: 'mebuku://',
      APP_UNIVERSAL_LINK_BASE: 'https://app.example.jp/',
      APP_IOS_STORE_URL: 'https://apps.apple.com/jp/app/id1',
      APP_ANDROID_STORE_URL: 'https://play.google.com/store/apps/details?id=jp.example',
      CONSOLE_DIST: '/srv/console',
      LOG_LEVEL: 'warn',
      MAIL_FROM: 'コイン <no-reply@coin.example.jp>',
      INVITATION_TTL_HOURS: '48',
      PASSWORD_RESET_TTL_MINUTES: '15',
      EMAIL_VERIFICATION_TTL_HOURS: '12',
      LOCKOUT_THRESHOLD: '5',
      LOCKOUT_MINUTES: '60',
      RATE_LIMIT_MAX: '100',
      RATE_LIMIT_WINDOW_SECONDS: '30',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/coin',
      jwtSecret: 'x'.repeat(40),
      publicUrl: 'https://console.example.jp',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://mail:25',
      passwordMinLength: 12,
      noticeUrl: 'https://notices.example.jp/feed.json',
      appScheme: 'mebuku://',
      appUniversalLinkBase: 'https://app.example.jp/',
      consoleDist: '/srv/console',
      logLevel: 'warn',
      mailFrom: 'コイン <no-reply@coin.example.jp>',
      invitationTtlHours: 48,
      passwordResetTtlMinutes: 15,
      emailVerificationTtlHours: 12,
      lockoutThreshold: 5,
      lockoutMinutes: 60,
      rateLimitMax: 100,
      rateLimitWindowSeconds: 30,
      trustProxy: true,
    });
    expect(ENV_VARIABLES.map((v) => v.name)).toHaveLength(37);
  });

  it('is documented from its one schema: .env.example and the README table are what the schema writes', () => {
    const root = join(import.meta.dirname, '..', '..');
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(example).toBe(envExampleText());
    // The README's table, from its header row to the first line that is no table row.
    const lines = readme.split('\n');
    const first = lines.indexOf('| variable | default | meaning |');
    expect(first).toBeGreaterThan(-1);
    const rows = lines.slice(
      first,
      lines.findIndex((line, i) => i > first && !line.startsWith('|')),
    );
    expect(rows.join('\n')).toBe(readmeConfigTable());
    for (const v of ENV_VARIABLES) {
      expect(example, v.name).toContain(`# ${v.name}=${v.default}\n`);
      expect(readme, v.name).toContain(`| \`${v.name}\` |`);
    }
  });

  it('writes each variable once, with a description and its default', () => {
    const names = ENV_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of ENV_VARIABLES) expect(v.description.trim(), v.name).not.toBe('');
    expect(readmeConfigTable()).toContain('| `DATABASE_URL` | (unset) | PostgreSQL URL;');
    expect(envExampleText()).toContain('# fatal | error | warn | info | debug | trace | silent\n# LOG_LEVEL=info\n');
  });
});
