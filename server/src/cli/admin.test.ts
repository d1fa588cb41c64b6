import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RefundApplication } from '@coin/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newOperatorSecret,
  OPERATOR_CHANNEL_FILE,
  OPERATOR_SECRET_HEADER,
  readOperatorChannel,
} from '../domain/operatorChannel';
import { balanceOf, freshPayment } from '../domain/refunds.fixtures';
import { buildOperatorApp } from '../http/routes/refundsOperator';
import { DEMO_PASSWORD } from '../seed/accounts';
import { DEMO, describeWithDatabase } from '../testing/harness';
import { REPO_ROOT, type ServerProcess, startServerProcess } from '../testing/processes';
import { type AdminBackend, databaseBackend, runAdmin, serverBackend } from './admin';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describeWithDatabase('npm run admin (in process)', (env) => {
  const requestedOfMain = async () => {
    const payment = await freshPayment(env().db, { merchantId: 1, coinId: 1, minAmount: 500, skip: 20 });
    const { id } = await env()
      .db.insertInto('refund_applications')
      .values({
        merchant_id: 1,
        wallet_no: payment.payerWalletNo,
        payment_transaction_id: payment.id,
        coin_id: 1,
        amount: 300,
        fee: 3,
        fee_rate_bp: 100,
        status: 'REQUESTED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, payment };
  };

  const run = (args: string[], backend: AdminBackend) => {
    const c = capture();
    return runAdmin(args, async () => backend, c.io).then((code) => ({ code, ...c }));
  };

  it('lists refund applications, filtered by status, as text or JSON', async () => {
    const backend = databaseBackend(env().db);
    const text = await run(['refunds', 'list', '--status', 'requested'], backend);
    expect(text.code).toBe(0);
    expect(text.out.length).toBeGreaterThan(0);
    for (const line of text.out) expect(line).toMatch(/^#\d+\s+REQUESTED /);
    const json = await run(['refunds', 'list', '--status', 'APPROVED', '--limit', '3', '--json'], backend);
    const items = JSON.parse(json.out.join('\n')) as RefundApplication[];
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.status === 'APPROVED')).toBe(true);
  });

  it('approves once: the money moves, a second approval is refused with exit code 1', async () => {
    const { id, payment } = await requestedOfMain();
    const backend = databaseBackend(env().db);
    const before = await balanceOf(env().db, DEMO.mainWalletNo, 1);
    const first = await run(['refunds', 'approve', String(id)], backend);
    expect(first.code, first.err.join('\n')).toBe(0);
    expect(first.out.join('\n')).toContain(`#${id}  APPROVED`);
    expect(await balanceOf(env().db, DEMO.mainWalletNo, 1)).toBe(before - 303);
    const row = await env()
      .db.selectFrom('refund_applications')
      .select(['status', 'refund_transaction_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('APPROVED');
    expect(row.refund_transaction_id).not.toBeNull();
    expect(payment.amount).toBeGreaterThanOrEqual(300);

    const second = await run(['refunds', 'approve', String(id)], backend);
    expect(second.code).toBe(1);
    expect(second.err.join('\n')).toContain('refused (conflict)');
    expect(await balanceOf(env().db, DEMO.mainWalletNo, 1)).toBe(before - 303);
    const unknown = await run(['refunds', 'approve', '99999999'], backend);
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain('refused (not_found)');
  });

  it('forgets idempotency keys older than the given days only', async () => {
    const db = env().db;
    await db
      .insertInto('idempotency_keys')
      .values([
        {
          user_id: 1,
          key: 'old-key',
          method: 'POST',
          path: '/x',
          request_hash: 'a'.repeat(64),
          created_at: new Date(Date.now() - 9 * 86_400_000),
        },
        {
          user_id: 1,
          key: 'new-key',
          method: 'POST',
          path: '/x',
          request_hash: 'b'.repeat(64),
          created_at: new Date(Date.now() - 2 * 86_400_000),
        },
      ])
      .execute();
    const result = await run(['idempotency-keys', 'prune', '--days', '7'], databaseBackend(db));
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(result.out[0]).toMatch(/^forgot [1-9]\d* idempotency keys? older than 7 days$/);
    const left = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'in', ['old-key', 'new-key'])
      .execute();
    expect(left).toEqual([{ key: 'new-key' }]);
  });

  it('answers bad usage with exit code 2 and the usage text, touching nothing', async () => {
    let opened = false;
    for (const args of [
      [],
      ['payments'],
      ['refunds'],
      ['refunds', 'approve'],
      ['refunds', 'approve', 'abc'],
      ['refunds', 'approve', '1', '2'],
      ['refunds', 'list', '--status', 'DONE'],
      ['refunds', 'list', '--limit', '0'],
      ['refunds', 'list', '--nope'],
      ['idempotency-keys'],
      ['idempotency-keys', 'prune', '--days', '0'],
    ]) {
      const c = capture();
      const code = await runAdmin(
        args,
        async () => {
          opened = true;
          return databaseBackend(env().db);
        },
        c.io,
      );
      expect(code, args.join(' ')).toBe(2);
      expect(c.err.join('\n')).toContain('Usage: npm run admin');
    }
    expect(opened).toBe(false);
  });

  describe('through the operator listener', () => {
    let operator: FastifyInstance;
    let port = 0;
    const secret = newOperatorSecret();
    beforeAll(async () => {
      operator = await buildOperatorApp({ db: env().db, secret, logLevel: 'silent' });
      await operator.listen({ host: '127.0.0.1', port: 0 });
      const address = operator.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });
    afterAll(async () => {
      await operator?.close();
    });

    it('approves with the secret', async () => {
      const { id } = await requestedOfMain();
      const result = await run(['refunds', 'approve', String(id)], serverBackend({ pid: 1, port, secret }));
      expect(result.code, result.err.join('\n')).toBe(0);
      expect(result.out[0]).toContain('the running server');
      const row = await env()
        .db.selectFrom('refund_applications')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('APPROVED');
      const pruned = await run(['idempotency-keys', 'prune', '--days', '30'], serverBackend({ pid: 1, port, secret }));
      expect(pruned.code, pruned.err.join('\n')).toBe(0);
      expect(pruned.out[0]).toMatch(/^forgot \d+ idempotency keys? older than 30 days$/);
    });

    it('answers 404 to a peer that is not loopback, even with the secret', async () => {
      const headers = { [OPERATOR_SECRET_HEADER]: secret };
      const local = await operator.inject({ method: 'GET', url: '/operator/refunds', headers });
      expect(local.statusCode).toBe(200);
      for (const remoteAddress of ['192.0.2.10', '::ffff:10.0.0.1', '2001:db8::1']) {
        const remote = await operator.inject({ method: 'GET', url: '/operator/refunds', headers, remoteAddress });
        expect(remote.statusCode, remoteAddress).toBe(404);
        // A forwarding header does not make a remote peer local.
        const forwarded = await operator.inject({
          method: 'GET',
          url: '/operator/refunds',
          headers: { ...headers, 'x-forwarded-for': '127.0.0.1' },
          remoteAddress,
        });
        expect(forwarded.statusCode).toBe(404);
      }
    });

    it('answers 404 without the right secret, and moves nothing', async () => {
      const { id } = await requestedOfMain();
      const wrong = await run(
        ['refunds', 'approve', String(id)],
        serverBackend({ pid: 1, port, secret: newOperatorSecret() }),
      );
      expect(wrong.code).toBe(1);
      expect(wrong.err.join('\n')).toContain('not_found');
      const bare = await fetch(`http://127.0.0.1:${port}/operator/refunds/${id}/approve`, { method: 'POST' });
      expect(bare.status).toBe(404);
      const row = await env()
        .db.selectFrom('refund_applications')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('REQUESTED');
    });
  });
});

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/admin-cli.ts', ...args], {
      cwd: REPO_ROOT,
      env,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err }));
  });
}

describe('npm run admin beside a running server on PGlite (spawned processes)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coin-admin-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CONSOLE_DIST: join(dataDir, 'no-console'),
  };
  delete env.DATABASE_URL;
  let server: ServerProcess | undefined;
  let api = '';

  beforeAll(async () => {
    // A free port, not a fixed one: other suites and machines may hold any given port.
    server = await startServerProcess(env, { ready: () => readOperatorChannel(dataDir) !== null });
    api = server.api;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('approves a refund through the server, then opens the database itself once the server is stopped', async () => {
    const channelFile = join(dataDir, OPERATOR_CHANNEL_FILE);
    expect(statSync(channelFile).mode & 0o777).toBe(0o600);

    const listed = await runCli(['refunds', 'list', '--status', 'REQUESTED', '--json'], env);
    expect(listed.code, listed.err).toBe(0);
    const target = (JSON.parse(listed.out) as RefundApplication[]).find(
      (a) => a.merchant_wallet_no === DEMO.mainWalletNo,
    );
    if (!target) throw new Error('the demo has no requested refund of 本店');

    const signedIn = await fetch(`${api}/sessions/merchant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.owner, password: DEMO_PASSWORD, platform: 'web' }),
    });
    const authorization = signedIn.headers.get('authorization') ?? '';
    const balance = async () => {
      const wallet = (await (
        await fetch(`${api}/wallets/${DEMO.mainWalletNo}`, { headers: { authorization } })
      ).json()) as { balances: { id: number; amount: number }[] };
      return wallet.balances.find((b) => b.id === target.coin_id)?.amount;
    };
    const before = await balance();

    const approved = await runCli(['refunds', 'approve', String(target.id)], env);
    expect(approved.code, approved.err).toBe(0);
    expect(approved.out).toContain('through the running server');
    expect(await balance()).toBe((before ?? 0) - target.amount - target.fee);

    await server?.stop();
    expect(existsSync(channelFile)).toBe(false);

    const again = await runCli(['refunds', 'approve', String(target.id)], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('refused (conflict)');
    const direct = await runCli(['refunds', 'list', '--status', 'APPROVED', '--limit', '1000', '--json'], env);
    expect(direct.code, direct.err).toBe(0);
    expect((JSON.parse(direct.out) as RefundApplication[]).map((a) => a.id)).toContain(target.id);
  });
});
