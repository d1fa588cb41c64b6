import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** The repository root (servers and the operator command run from there). */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** A TCP port nothing listens on now (the system picks it), on loopback. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>/api` */
  api: string;
  port: number;
  /** Ends the process with SIGTERM; answers its exit code (null when a signal ended it). */
  stop(): Promise<number | null>;
}

export interface ServerProcessOptions {
  ready?: () => boolean;
  timeoutMs?: number;
  /** The compiled server (`server/dist/server.mjs`, built by `npm run build`) instead of the source. */
  compiled?: boolean;
  /** The interface to listen on (default 127.0.0.1; `::` takes localhost's IPv6 and IPv4 both). */
  host?: string;
}

/**
 * Starts `server/src/server.ts` (or the compiled server) as its own process on a free port (`env` may be
 * made for the port) and waits until it answers its health check (and `ready`, when given, holds), for as long as a loaded machine may need.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv | ((port: number) => NodeJS.ProcessEnv),
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const entry = options.compiled
    ? ['--enable-source-maps', 'server/dist/server.mjs']
    : ['--import', 'tsx', 'server/src/server.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env: { ...(typeof env === 'function' ? env(port) : env), PORT: String(port), HOST: options.host ?? '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const api = `http://127.0.0.1:${port}/api`;
  const stop = async (): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    return exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}: ${stderr}`);
    }
    try {
      if ((await fetch(`${api}/health`)).ok && (options.ready?.() ?? true)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start: ${stderr}`);
    }
    await new Promise((next) => setTimeout(next, 250));
  }
  return { child, api, port, stop };
}
