import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How the operator command reaches a running server whose embedded database (PGlite, one process
 * only) it cannot open itself: the server writes DATA_DIR/operator.json — its pid, its loopback
 * port and a random secret — readable by its owner only (0600), and removes it on shutdown.
 */
export interface OperatorChannel {
  pid: number;
  port: number;
  secret: string;
}

export const OPERATOR_CHANNEL_FILE = 'operator.json';
/** The request header carrying the secret. */
export const OPERATOR_SECRET_HEADER = 'x-operator-secret';

export const newOperatorSecret = () => randomBytes(32).toString('hex');

export function writeOperatorChannel(dataDir: string, channel: OperatorChannel): string {
  const file = join(dataDir, OPERATOR_CHANNEL_FILE);
  rmSync(file, { force: true });
  writeFileSync(file, `${JSON.stringify(channel)}\n`, { mode: 0o600, flag: 'wx' });
  // The mode of a new file is masked by the umask: set it outright.
  chmodSync(file, 0o600);
  return file;
}

export function removeOperatorChannel(dataDir: string, pid = process.pid): void {
  const current = readOperatorChannel(dataDir);
  if (current?.pid === pid) rmSync(join(dataDir, OPERATOR_CHANNEL_FILE), { force: true });
}

/** The channel file's content, or null when there is none (or it cannot be read). */
export function readOperatorChannel(dataDir: string): OperatorChannel | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, OPERATOR_CHANNEL_FILE), 'utf8')) as Partial<OperatorChannel>;
    if (
      typeof parsed.pid === 'number' &&
      typeof parsed.port === 'number' &&
      typeof parsed.secret === 'string' &&
      parsed.secret.length >= 32
    ) {
      return { pid: parsed.pid, port: parsed.port, secret: parsed.secret };
    }
    return null;
  } catch {
    return null;
  }
}
