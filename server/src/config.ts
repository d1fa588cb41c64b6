import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANK_ACCOUNT_HOLD_HOURS_DEFAULT, isRegistrationNumber, PASSWORD_MIN_LENGTH_DEFAULT } from '@coin/contract';
import { parseTestClock, TEST_CLOCK_VARIABLE } from '@coin/contract/testClock';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A value read from the environment, or why it cannot be used. */
type Read<T> = { value: T } | { problem: string; value: T };

/**
 * One environment variable: its name, the default as documented, the description (the README's
 * "meaning" column), the comment of `.env.example` when it says it differently, and how its text
 * (trimmed; undefined when unset or empty) becomes a value. A problem still gives a value (the
 * default) so every bad variable is reported at once.
 */
interface EnvVariable<T> {
  readonly name: string;
  readonly default: string;
  readonly description: string;
  readonly example?: string;
  readonly read: (raw: string | undefined) => Read<T>;
}

const ok = <T>(value: T): Read<T> => ({ value });

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const integer =
  (fallback: number, min: number, max: number) =>
  (raw: string | undefined): Read<number> => {
    if (raw === undefined) return ok(fallback);
    const value = Number(raw);
    return !/^\d+$/.test(raw) || value < min || value > max
      ? { problem: `must be an integer from ${min} to ${max} (got "${raw}")`, value: fallback }
      : ok(value);
  };

const url =
  <F extends string | null>(protocols: readonly string[], fallback: F) =>
  (raw: string | undefined): Read<string | F> => {
    if (raw === undefined) return ok(fallback);
    return isUrl(raw, protocols)
      ? ok(raw)
      : { problem: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`, value: fallback };
  };

/** Text that must pass a check; `problem` is told the text. */
const checked =
  (fallback: string, valid: (text: string) => boolean, problem: (text: string) => string) =>
  (raw: string | undefined): Read<string> => {
    const value = raw ?? fallback;
    return valid(value) ? ok(value) : { problem: problem(value), value };
  };

const variable = <T>(name: string, spec: Omit<EnvVariable<T>, 'name'>): EnvVariable<T> => ({ name, ...spec });

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const JWT_SECRET_MIN_LENGTH = 32;
const APP_UNIVERSAL_LINK_BASE = 'https://app.example.com/';
const APP_IOS_STORE_URL = 'https://apps.apple.com/jp/app/id0000000000';
const APP_ANDROID_STORE_URL = 'https://play.google.com/store/apps/details?id=com.example.coinwallet';

/**
 * Every environment variable the server reads, in one place: its type and validation, its default and
 * its documentation. `.env.example` and the README's configuration table are written from it (and
 * config.test.ts fails when they drift). Keys are the fields of `Config`.
 */
const SCHEMA = {
  port: variable('PORT', { default: '3000', description: 'HTTP port', read: integer(3000, 1, 65535) }),
  host: variable('HOST', {
    default: '0.0.0.0',
    description: 'Interface to listen on',
    read: (raw) => ok(raw ?? '0.0.0.0'),
  }),
  /** PostgreSQL URL; null means the embedded PGlite under `pgliteDir`. */
  databaseUrl: variable('DATABASE_URL', {
    default: '',
    description: 'PostgreSQL URL; unset = embedded PGlite in DATA_DIR/pglite',
    read: url(['postgres:', 'postgresql:'], null),
  }),
  dataDir: variable('DATA_DIR', {
    default: './data',
    description: 'Embedded database, generated JWT secret, mail files',
    read: (raw) => ok(resolve(raw ?? './data')),
  }),
  /**
   * The embedded database's ceiling (README, "The embedded database's ceiling"): at start-up and hourly,
   * an embedded server whose ledger holds this many history entries or more warns in its log, naming
   * the command that moves the data to PostgreSQL.
   */
  embeddedWarnEntries: variable('EMBEDDED_WARN_ENTRIES', {
    default: '1000000',
    description:
      'Embedded database only: warn in the log (at start-up, then hourly) once the ledger holds this many history entries, near its ceiling; 0 = never',
    read: integer(1_000_000, 0, 1_000_000_000),
  }),
  /** The secret as set; unset, `loadConfig` generates one into DATA_DIR. */
  jwtSecret: variable('JWT_SECRET', {
    default: '',
    description: 'HS256 secret (≥ 32 chars); unset = generated into DATA_DIR/jwt-secret',
    read: (raw): Read<string | undefined> =>
      raw !== undefined && raw.length < JWT_SECRET_MIN_LENGTH
        ? { problem: `must be at least ${JWT_SECRET_MIN_LENGTH} characters long`, value: raw }
        : ok(raw),
  }),
  /** Unset: `http://localhost:<PORT>`, completed by `loadConfig`. */
  publicUrl: variable('PUBLIC_URL', {
    default: 'http://localhost:PORT',
    description: 'Base URL used in links sent by mail',
    read: url(['http:', 'https:'], null),
  }),
  redisUrl: variable('REDIS_URL', {
    default: '',
    description: 'Shared rate-limit state across instances',
    read: url(['redis:', 'rediss:'], null),
  }),
  smtpUrl: variable('SMTP_URL', {
    default: '',
    description: 'Mail delivery; unset = .eml files under DATA_DIR/mail',
    read: url(['smtp:', 'smtps:'], null),
  }),
  passwordMinLength: variable('PASSWORD_MIN_LENGTH', {
    default: String(PASSWORD_MIN_LENGTH_DEFAULT),
    description: 'Minimum password length',
    read: integer(PASSWORD_MIN_LENGTH_DEFAULT, 1, 128),
  }),
  noticeUrl: variable('NOTICE_URL', {
    default: '/api/notices',
    description: 'Where the console reads dashboard notices',
    read: checked(
      '/api/notices',
      (text) => text.startsWith('/') || isUrl(text, ['http:', 'https:']),
      () => 'must be an absolute path (/…) or an http(s) URL',
    ),
  }),
  appScheme: variable('APP_SCHEME', {
    default: 'coinwallet://',
    description: 'Custom URL scheme of the mobile app',
    read: checked(
      'coinwallet://',
      (text) => /^[a-z][a-z0-9+.-]*:\/\/$/i.test(text),
      (text) => `must look like "myapp://" (got "${text}")`,
    ),
  }),
  appUniversalLinkBase: variable('APP_UNIVERSAL_LINK_BASE', {
    default: APP_UNIVERSAL_LINK_BASE,
    description: "Universal/app link base of the mobile app: the hand-over pages' button",
    read: url(['http:', 'https:'], APP_UNIVERSAL_LINK_BASE),
  }),
  appIosStoreUrl: variable('APP_IOS_STORE_URL', {
    default: APP_IOS_STORE_URL,
    description: 'App Store page of the mobile app',
    read: url(['http:', 'https:'], APP_IOS_STORE_URL),
  }),
  appAndroidStoreUrl: variable('APP_ANDROID_STORE_URL', {
    default: APP_ANDROID_STORE_URL,
    description: 'Google Play page of the mobile app',
    read: url(['http:', 'https:'], APP_ANDROID_STORE_URL),
  }),
  consoleDist: variable('CONSOLE_DIST', {
    default: '<repo>/console/dist',
    description: 'Built console served at /',
    read: (raw) => ok(resolve(raw ?? join(repoRoot, 'console', 'dist'))),
  }),
  logLevel: variable('LOG_LEVEL', {
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent',
    example: LOG_LEVELS.join(' | '),
    read: (raw): Read<LogLevel> => {
      const text = raw ?? 'info';
      return (LOG_LEVELS as readonly string[]).includes(text)
        ? ok(text as LogLevel)
        : { problem: `must be one of ${LOG_LEVELS.join(', ')}`, value: 'info' };
    },
  }),
  // Staff and accounts
  /** From address of mails the service sends. */
  mailFrom: variable('MAIL_FROM', {
    default: 'no-reply@example.com',
    description: 'From address of the mails the service sends',
    read: checked(
      'no-reply@example.com',
      (text) => /^[^\s@<>]+@[^\s@<>]+$/.test(text.replace(/^.*<([^>]+)>\s*$/, '$1')),
      (text) => `must be an address such as no-reply@example.com (got "${text}")`,
    ),
  }),
  invitationTtlHours: variable('INVITATION_TTL_HOURS', {
    default: '72',
    description: 'How long an invitation link stays valid',
    read: integer(72, 1, 24 * 90),
  }),
  passwordResetTtlMinutes: variable('PASSWORD_RESET_TTL_MINUTES', {
    default: '60',
    description: 'How long a password reset link stays valid',
    read: integer(60, 1, 24 * 60 * 7),
  }),
  accountMailsPerHour: variable('ACCOUNT_MAILS_PER_HOUR', {
    default: '5',
    description: 'Password-reset and email-change links one address may be sent per hour (more are not sent)',
    read: integer(5, 1, 1000),
  }),
  /**
   * The password-reset lookup and mail start between half this and this long after the answer, so the
   * answers that follow a request do not tell a known address from an unknown one by their speed.
   */
  resetMailDelayMs: variable('RESET_MAIL_DELAY_MS', {
    default: '2000',
    description:
      'The password-reset lookup and mail start after a random delay of half this to this many milliseconds (0: at once)',
    read: integer(2000, 0, 60_000),
  }),
  emailVerificationTtlHours: variable('EMAIL_VERIFICATION_TTL_HOURS', {
    default: '24',
    description: 'How long the link confirming a new email address stays valid',
    read: integer(24, 1, 24 * 30),
  }),
  /** Failed passwords in a row that lock an account, and for how long. */
  lockoutThreshold: variable('LOCKOUT_THRESHOLD', {
    default: '10',
    description: 'Failed passwords in a row that lock an account',
    read: integer(10, 1, 1000),
  }),
  lockoutMinutes: variable('LOCKOUT_MINUTES', {
    default: '30',
    description: 'How long a locked account refuses sign-in',
    read: integer(30, 1, 24 * 60 * 7),
  }),
  /**
   * Trust: payouts to a bank account changed from another one wait this long after the change, so every
   * Owner has read the mailed notice and can react before money leaves for it (issue 23).
   */
  bankAccountHoldHours: variable('BANK_ACCOUNT_HOLD_HOURS', {
    default: String(BANK_ACCOUNT_HOLD_HOURS_DEFAULT),
    description: 'Hours after a bank account change during which payouts to it are held',
    read: integer(BANK_ACCOUNT_HOLD_HOURS_DEFAULT, 0, 24 * 30),
  }),
  /**
   * Trust: a payment to another merchant above this amount needs a proof of the payer made for it, and
   * the paying shop's Owners are mailed (issue 45); at or below it, the role is enough.
   */
  paymentStepUpLimit: variable('PAYMENT_STEP_UP_LIMIT', {
    default: '30000',
    description: 'Yen above which a payment to another merchant needs a step-up proof and is mailed to the Owners',
    read: integer(30_000, 0, 1_000_000_000),
  }),
  /** Per client address, per call: sign-in, password reset, invitation and verification calls. */
  rateLimitMax: variable('RATE_LIMIT_MAX', {
    default: '20',
    description: 'Requests per client address and window on sign-in, reset, invitation and verification calls',
    read: integer(20, 1, 1_000_000),
  }),
  rateLimitWindowSeconds: variable('RATE_LIMIT_WINDOW_SECONDS', {
    default: '60',
    description: 'The rate-limit window',
    read: integer(60, 1, 24 * 60 * 60),
  }),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: variable('TRUST_PROXY', {
    default: 'false',
    description: 'true behind a reverse proxy: the client address comes from X-Forwarded-For',
    read: (raw): Read<boolean> => {
      const text = (raw ?? 'false').toLowerCase();
      return text === 'true' || text === 'false'
        ? ok(text === 'true')
        : { problem: 'must be true or false', value: false };
    },
  }),
  // Operations
  metricsPort: variable('METRICS_PORT', {
    default: '',
    description:
      'Port of the Prometheus metrics listener (GET /metrics), apart from the public port; unset = no metrics listener',
    read: (raw): Read<number | null> => (raw === undefined ? ok(null) : integer(0, 1, 65535)(raw)),
  }),
  metricsHost: variable('METRICS_HOST', {
    default: '127.0.0.1',
    description: 'Interface of the metrics listener: keep it off the public network (loopback, or a private interface)',
    read: (raw) => ok(raw ?? '127.0.0.1'),
  }),
  shutdownTimeoutSeconds: variable('SHUTDOWN_TIMEOUT_SECONDS', {
    default: '25',
    description:
      'On SIGTERM, how long requests in flight and background work may take to finish before the process exits anyway',
    read: integer(25, 1, 3600),
  }),
  // Documents (issue 26)
  invoiceIssuerName: variable('INVOICE_ISSUER_NAME', {
    default: '株式会社めぶくコイン',
    description:
      "The service operator's name as printed on fee invoices and payout statements (the qualified invoice issuer)",
    read: checked(
      '株式会社めぶくコイン',
      (text) => text.length >= 1 && text.length <= 60 && !/[\p{Cc}\p{Cf}]/u.test(text),
      (text) => `must be 1 to 60 printable characters (got "${text}")`,
    ),
  }),
  invoiceRegistrationNo: variable('INVOICE_REGISTRATION_NO', {
    default: 'T7123456789012',
    description:
      "The operator's qualified invoice issuer registration number (T and 13 digits), checked against its check digit at start-up; the default is a made-up number for the demo",
    read: checked(
      'T7123456789012',
      isRegistrationNumber,
      (text) => `must be T and 13 digits whose first digit is the check digit of the other twelve (got "${text}")`,
    ),
  }),
  documentNumberPrefix: variable('DOCUMENT_NUMBER_PREFIX', {
    default: 'MC',
    description:
      'The prefix of issued document numbers (fee invoices MC-F-…, receipts MC-R-…): 1 to 8 capital letters or digits; change it only between fiscal years, numbers already issued keep theirs',
    read: checked(
      'MC',
      (text) => /^[A-Z0-9]{1,8}$/.test(text),
      (text) => `must be 1 to 8 capital letters or digits (got "${text}")`,
    ),
  }),
  /** Tests only: the clock the process starts at (contract/src/testClock.ts), read by installTestClock. */
  testClock: variable(TEST_CLOCK_VARIABLE, {
    default: '(unset)',
    description:
      'Tests only: the instant the clock starts at (ISO date-time, e.g. 2026-12-31T12:00:00+09:00); the server, the demo seed and the admin command run from it',
    read: (raw): Read<string | null> => {
      if (raw === undefined) return ok(null);
      try {
        parseTestClock(raw);
        return ok(raw);
      } catch {
        return { problem: `must be an ISO date-time such as 2026-12-31T12:00:00+09:00 (got "${raw}")`, value: null };
      }
    },
  }),
};

/** What fee invoices, statements and receipts are issued with (the issuer, its number, the numbering). */
export interface DocumentSettings {
  issuerName: string;
  registrationNo: string;
  numberPrefix: string;
}
export const documentSettingsOf = (
  config: Pick<Config, 'invoiceIssuerName' | 'invoiceRegistrationNo' | 'documentNumberPrefix'>,
): DocumentSettings => ({
  issuerName: config.invoiceIssuerName,
  registrationNo: config.invoiceRegistrationNo,
  numberPrefix: config.documentNumberPrefix,
});
/** The defaults: the demo seed's documents are issued with them. */
export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  issuerName: SCHEMA.invoiceIssuerName.default,
  registrationNo: SCHEMA.invoiceRegistrationNo.default,
  numberPrefix: SCHEMA.documentNumberPrefix.default,
};

type Schema = typeof SCHEMA;
type ValueOf<V> = V extends EnvVariable<infer T> ? T : never;
type Raw = { -readonly [K in keyof Schema]: ValueOf<Schema[K]> };

/** The server's settings: one field per variable of the schema, completed where a default depends on another. */
export type Config = Omit<Raw, 'jwtSecret' | 'publicUrl'> & {
  jwtSecret: string;
  publicUrl: string;
  /** The embedded PGlite's directory, under DATA_DIR. */
  pgliteDir: string;
};

/** Every environment variable the server reads, in the order of `.env.example` and the README. */
export const ENV_VARIABLES: readonly EnvVariable<unknown>[] = Object.values(SCHEMA);

type EnvName = string;
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

/**
 * Reads and validates the environment. Every bad variable is reported at once.
 * A missing JWT_SECRET is generated once into DATA_DIR/jwt-secret (mode 0600) so restarts keep sessions.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: { name: EnvName; problem: string }[] = [];
  const raw = {} as Record<string, unknown>;
  for (const [key, spec] of Object.entries(SCHEMA) as [keyof Schema, EnvVariable<unknown>][]) {
    const text = env[spec.name]?.trim();
    const read = spec.read(text === undefined || text === '' ? undefined : text);
    if ('problem' in read) problems.push({ name: spec.name, problem: read.problem });
    raw[key] = read.value;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const values = raw as Raw;
  return {
    ...values,
    pgliteDir: join(values.dataDir, 'pglite'),
    jwtSecret: values.jwtSecret ?? readOrCreateJwtSecret(values.dataDir),
    publicUrl: (values.publicUrl ?? `http://localhost:${values.port}`).replace(/\/+$/, ''),
  };
}

/** `.env.example` as the schema writes it. */
export function envExampleText(): string {
  const header =
    "# Environment variables of the wallet service (all optional). Copy to your process manager's\n" +
    '# environment; the server does not read this file itself.\n';
  return `${header}${ENV_VARIABLES.map((v) => `\n# ${v.example ?? v.description}\n# ${v.name}=${v.default}\n`).join('')}`;
}

/** The README's configuration table as the schema writes it. */
export function readmeConfigTable(): string {
  const rows = ENV_VARIABLES.map(
    (v) => `| \`${v.name}\` | ${v.default === '' ? '(unset)' : `\`${v.default}\``} | ${v.description} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
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
