import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../testing/processes';

// The server process on SIGTERM: it stops taking connections, answers the request in flight, exits 0.

describe('graceful shutdown (server process, embedded database)', { timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coin-shutdown-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a request it was receiving when SIGTERM came, refuses new connections, then exits 0', async () => {
    const { DATABASE_URL: _database, REDIS_URL: _redis, TEST_DATABASE_URL: _test, ...env } = process.env;
    server = await startServerProcess({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const { child, api } = server;
    const { port, hostname } = new URL(api);
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

    // A sign-in whose body is still arriving: the request is in flight.
    const body = JSON.stringify({ email: 'owner@example.com', password: 'not-the-password', keep: false });
    const socket: Socket = connect(Number(port), hostname);
    await new Promise<void>((done) => socket.once('connect', () => done()));
    let received = '';
    const answer = new Promise<string>((done) => {
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('close', () => done(received));
    });
    // Expect: 100-continue makes the server say when it has taken the request (headers parsed, the request
    // started): from then on it is in flight, whatever the load.
    socket.write(
      `POST /api/sessions/merchant HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await expect.poll(() => received, { timeout: 30_000 }).toContain('100 Continue');
    socket.write(body.slice(0, 10));

    child.kill('SIGTERM');
    // The listener stops: a new connection is refused (or reset) once the shutdown has begun.
    await expect
      .poll(
        async () => {
          try {
            await fetch(`http://${hostname}:${port}/healthz`);
            return 'answered';
          } catch {
            return 'refused';
          }
        },
        { timeout: 30_000 },
      )
      .toBe('refused');
    expect(child.exitCode).toBeNull();

    // The request in flight is completed and answered.
    socket.end(body.slice(10));
    const text = await answer;
    expect(text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(await exited).toBe(0);
  });
});
