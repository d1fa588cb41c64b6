/*
 * The servers the walks run against. The global setup seeds one data directory (the demo data, as a fresh
 * `npm start` makes it); each spec file then gets a server of its own on a copy of it, so no walk sees
 * what the walks of another file changed, beside it or before it, and a walk's failure stops nothing else.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '../../server/src/testing/processes';

/** Where the global setup keeps the seeded data directory (workers inherit it). */
export const TEMPLATE_DIR_VARIABLE = 'E2E_TEMPLATE_DIR';

/** A server on a loaded machine may take this long to compile PGlite and open its database. */
export const START_TIMEOUT_MS = 180_000;

export interface E2eServer {
  server: ServerProcess;
  dataDir: string;
  /** `http://localhost:<port>` */
  baseURL: string;
}

/** The servers of this process not stopped yet: ended with it, whatever ends it. */
const running = new Set<ServerProcess>();
process.once('exit', () => {
  for (const server of running) server.child.kill('SIGKILL');
});

/**
 * The environment of a walk's server: the embedded database in its own directory, mail as files, none
 * of the shell's PostgreSQL, Redis, SMTP or secret (a shared database would let walks see each other's
 * changes; SMTP would leave no mail files to read).
 */
function serverEnv(dataDir: string, port?: number): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _database,
    REDIS_URL: _redis,
    SMTP_URL: _smtp,
    JWT_SECRET: _secret,
    PUBLIC_URL: _publicUrl,
    ...env
  } = process.env;
  return {
    ...env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every walk signs in from the same address; the per-address limit is tested in the server's tests.
    RATE_LIMIT_MAX: '100000',
    ...(port ? { PUBLIC_URL: `http://localhost:${port}` } : {}),
  };
}

/** Migrates and seeds the template data directory: a server started once on it, then stopped cleanly. */
export async function seedTemplate(dataDir: string): Promise<void> {
  const server = await startServerProcess(serverEnv(dataDir), { compiled: true, timeoutMs: START_TIMEOUT_MS });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the seeding server ended with ${code}: its data would be half closed`);
}

/** A server of the built console on a fresh copy of the seeded data directory. */
export async function startCopyServer(): Promise<E2eServer> {
  const template = process.env[TEMPLATE_DIR_VARIABLE];
  if (!template) throw new Error(`${TEMPLATE_DIR_VARIABLE} is not set (e2e/globalSetup.ts sets it)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'coin-e2e-'));
  try {
    cpSync(template, dataDir, { recursive: true });
    // The port is the server's; links in mails must name it, so it is picked before the start.
    const server = await startServerProcess((port) => serverEnv(dataDir, port), {
      compiled: true,
      host: '::',
      timeoutMs: START_TIMEOUT_MS,
    });
    running.add(server);
    return { server, dataDir, baseURL: `http://localhost:${server.port}` };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function stopCopyServer(stopping: E2eServer): Promise<void> {
  await stopping.server.stop();
  running.delete(stopping.server);
  rmSync(stopping.dataDir, { recursive: true, force: true });
}
