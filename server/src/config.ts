import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MIN_LENGTH_DEFAULT } from '@coin/contract';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; null means the embedded PGlite under `pgliteDir`. */
  databaseUrl: string | null;
  dataDir: string;
  pgliteDir: string;
  jwtSecret: string;
  publicUrl: string;
  redisUrl: string | null;
  smtpUrl: string | null;
  passwordMinLength: number;
  noticeUrl: string;
  appScheme: string;
  appUniversalLinkBase: string;
  appIosStoreUrl: string;
  appAndroidStoreUrl: string;
  consoleDist: string;
  logLevel: LogLevel;
  // Staff and accounts
  /** From address of mails the service sends. */
  mailFrom: string;
  invitationTtlHours: number;
  passwordResetTtlMinutes: number;
  emailVerificationTtlHours: number;
  /** Failed passwords in a row that lock an account, and for how long. */
  lockoutThreshold: number;
  lockoutMinutes: number;
  /** Per client address, per call: sign-in, password reset, invitation and verification calls. */
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
}

/** Every environment variable the server reads, with its default (the source of `.env.example`). */
export const ENV_VARIABLES = [
  { name: 'PORT', default: '3000', description: 'HTTP port' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on' },
  { name: 'DATABASE_URL', default: '', description: 'PostgreSQL URL; unset = embedded PGlite in DATA_DIR/pglite' },
  { name: 'DATA_DIR', default: './data', description: 'Embedded database, generated JWT secret, mail files' },
  {
    name: 'JWT_SECRET',
    default: '',
    description: 'HS256 secret (≥ 32 chars); unset = generated into DATA_DIR/jwt-secret',
  },
  { name: 'PUBLIC_URL', default: 'http://localhost:PORT', description: 'Base URL used in links sent by mail' },
  { name: 'REDIS_URL', default: '', description: 'Shared rate-limit state across instances' },
  { name: 'SMTP_URL', default: '', description: 'Mail delivery; unset = .eml files under DATA_DIR/mail' },
  { name: 'PASSWORD_MIN_LENGTH', default: String(PASSWORD_MIN_LENGTH_DEFAULT), description: 'Minimum password length' },
  { name: 'NOTICE_URL', default: '/api/notices', description: 'Where the console reads dashboard notices' },
  { name: 'APP_SCHEME', default: 'coinwallet://', description: 'Custom URL scheme of the mobile app' },
  {
    name: 'APP_UNIVERSAL_LINK_BASE',
    default: 'https://app.example.com/',
    description: 'Universal/app link base of the mobile app',
  },
  {
    name: 'APP_IOS_STORE_URL',
    default: 'https://apps.apple.com/jp/app/id0000000000',
    description: 'App Store page of the mobile app',
  },
  {
    name: 'APP_ANDROID_STORE_URL',
    default: 'https://play.google.com/store/apps/details?id=com.example.coinwallet',
    description: 'Google Play page of the mobile app',
  },
  { name: 'CONSOLE_DIST', default: '<repo>/console/dist', description: 'Built console served at /' },
  { name: 'LOG_LEVEL', default: 'info', description: LOG_LEVELS.join(' | ') },
  // Staff and accounts
  { name: 'MAIL_FROM', default: 'no-reply@example.com', description: 'From address of the mails the service sends' },
  { name: 'INVITATION_TTL_HOURS', default: '72', description: 'How long an invitation link stays valid' },
  { name: 'PASSWORD_RESET_TTL_MINUTES', default: '60', description: 'How long a password reset link stays valid' },
  {
    name: 'EMAIL_VERIFICATION_TTL_HOURS',
    default: '24',
    description: 'How long the link confirming a new email address stays valid',
  },
  { name: 'LOCKOUT_THRESHOLD', default: '10', description: 'Failed passwords in a row that lock an account' },
  { name: 'LOCKOUT_MINUTES', default: '30', description: 'How long a locked account refuses sign-in' },
  {
    name: 'RATE_LIMIT_MAX',
    default: '20',
    description: 'Requests per client address and window on sign-in, reset, invitation and verification calls',
  },
  { name: 'RATE_LIMIT_WINDOW_SECONDS', default: '60', description: 'The rate-limit window' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'true behind a reverse proxy: the client address comes from X-Forwarded-For',
  },
] as const;

type EnvName = (typeof ENV_VARIABLES)[number]['name'];
type Env = Partial<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(readonly problems: { name: EnvName; problem: string }[]) {
    super(
      `Invalid environment variables:\n${problems.map((p) => `  ${p.name}: ${p.problem}`).join('\n')}\n` +
        'Fix them (see .env.example) and start again.',
    );
    this.name = 'ConfigError';
  }
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const JWT_SECRET_MIN_LENGTH = 32;

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Reads and validates the environment. Every bad variable is reported at once.
 * A missing JWT_SECRET is generated once into DATA_DIR/jwt-secret (mode 0600) so restarts keep sessions.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: { name: EnvName; problem: string }[] = [];
  const read = (name: EnvName): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: EnvName, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push({ name, problem: `must be an integer from ${min} to ${max} (got "${raw}")` });
      return fallback;
    }
    return value;
  };
  const url = (name: EnvName, protocols: readonly string[], fallback: string | null): string | null => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!isUrl(raw, protocols)) {
      problems.push({ name, problem: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` });
      return fallback;
    }
    return raw;
  };

  const port = integer('PORT', 3000, 1, 65535);
  const host = read('HOST') ?? '0.0.0.0';
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:'], null);
  const dataDir = resolve(read('DATA_DIR') ?? './data');
  const publicUrl = (url('PUBLIC_URL', ['http:', 'https:'], null) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:'], null);
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:'], null);
  const passwordMinLength = integer('PASSWORD_MIN_LENGTH', PASSWORD_MIN_LENGTH_DEFAULT, 1, 128);
  const noticeUrl = read('NOTICE_URL') ?? '/api/notices';
  if (!noticeUrl.startsWith('/') && !isUrl(noticeUrl, ['http:', 'https:'])) {
    problems.push({ name: 'NOTICE_URL', problem: 'must be an absolute path (/…) or an http(s) URL' });
  }
  const appScheme = read('APP_SCHEME') ?? 'coinwallet://';
  if (!/^[a-z][a-z0-9+.-]*:\/\/$/i.test(appScheme)) {
    problems.push({ name: 'APP_SCHEME', problem: `must look like "myapp://" (got "${appScheme}")` });
  }
  const httpUrl = (name: EnvName) =>
    url(name, ['http:', 'https:'], ENV_VARIABLES.find((v) => v.name === name)?.default ?? '') ?? '';
  const appUniversalLinkBase = httpUrl('APP_UNIVERSAL_LINK_BASE');
  const appIosStoreUrl = httpUrl('APP_IOS_STORE_URL');
  const appAndroidStoreUrl = httpUrl('APP_ANDROID_STORE_URL');
  const consoleDist = resolve(read('CONSOLE_DIST') ?? join(repoRoot, 'console', 'dist'));
  const logLevelRaw = read('LOG_LEVEL') ?? 'info';
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelRaw) ? (logLevelRaw as LogLevel) : 'info';
  if (logLevel !== logLevelRaw)
    problems.push({ name: 'LOG_LEVEL', problem: `must be one of ${LOG_LEVELS.join(', ')}` });
  const mailFrom = read('MAIL_FROM') ?? 'no-reply@example.com';
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom.replace(/^.*<([^>]+)>\s*$/, '$1'))) {
    problems.push({
      name: 'MAIL_FROM',
      problem: `must be an address such as no-reply@example.com (got "${mailFrom}")`,
    });
  }
  const invitationTtlHours = integer('INVITATION_TTL_HOURS', 72, 1, 24 * 90);
  const passwordResetTtlMinutes = integer('PASSWORD_RESET_TTL_MINUTES', 60, 1, 24 * 60 * 7);
  const emailVerificationTtlHours = integer('EMAIL_VERIFICATION_TTL_HOURS', 24, 1, 24 * 30);
  const lockoutThreshold = integer('LOCKOUT_THRESHOLD', 10, 1, 1000);
  const lockoutMinutes = integer('LOCKOUT_MINUTES', 30, 1, 24 * 60 * 7);
  const rateLimitMax = integer('RATE_LIMIT_MAX', 20, 1, 1_000_000);
  const rateLimitWindowSeconds = integer('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 24 * 60 * 60);
  const trustProxyRaw = (read('TRUST_PROXY') ?? 'false').toLowerCase();
  if (trustProxyRaw !== 'true' && trustProxyRaw !== 'false') {
    problems.push({ name: 'TRUST_PROXY', problem: 'must be true or false' });
  }
  const jwtSecretRaw = read('JWT_SECRET');
  if (jwtSecretRaw !== undefined && jwtSecretRaw.length < JWT_SECRET_MIN_LENGTH) {
    problems.push({ name: 'JWT_SECRET', problem: `must be at least ${JWT_SECRET_MIN_LENGTH} characters long` });
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    databaseUrl,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    jwtSecret: jwtSecretRaw ?? readOrCreateJwtSecret(dataDir),
    publicUrl,
    redisUrl,
    smtpUrl,
    passwordMinLength,
    noticeUrl,
    appScheme,
    appUniversalLinkBase,
    appIosStoreUrl,
    appAndroidStoreUrl,
    consoleDist,
    logLevel,
    mailFrom,
    invitationTtlHours,
    passwordResetTtlMinutes,
    emailVerificationTtlHours,
    lockoutThreshold,
    lockoutMinutes,
    rateLimitMax,
    rateLimitWindowSeconds,
    trustProxy: trustProxyRaw === 'true',
  };
}

function readOrCreateJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= JWT_SECRET_MIN_LENGTH) return secret;
    throw new ConfigError([{ name: 'JWT_SECRET', problem: `${file} holds a secret shorter than 32 characters` }]);
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  // The umask may have widened the mode; make sure only the owner can read it.
  chmodSync(file, 0o600);
  return secret;
}
