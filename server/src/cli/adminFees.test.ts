import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOperatorSecret } from '../domain/operatorChannel';
import { addMonths, tokyoMonth } from '../domain/time';
import { buildOperatorApp } from '../http/routes/refundsOperator';
import { DEMO, describeWithDatabase } from '../testing/harness';
import { type AdminBackend, databaseBackend, runAdmin, serverBackend } from './admin';

// npm run admin -- fees correct: the operator corrects a month's fees (issue 26), directly or through the server.

describeWithDatabase('npm run admin -- fees correct', (env) => {
  const secret = newOperatorSecret();
  let operator: FastifyInstance | undefined;
  let port = 0;
  beforeAll(async () => {
    operator = await buildOperatorApp({ db: env().db, secret, logLevel: 'silent' });
    await operator.listen({ host: '127.0.0.1', port: 0 });
    const address = operator.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await operator?.close();
  });

  const run = async (args: string[], backend: AdminBackend) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(args, async () => backend, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };
  const summary = (month: string) =>
    env()
      .db.selectFrom('monthly_fee_summaries')
      .select(['amount', 'tax'])
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .where('summarized_month', '=', month)
      .executeTakeFirstOrThrow();
  const args = (month: string, amount: number, reason: string) => [
    'fees',
    'correct',
    '--merchant',
    String(DEMO.mainMerchantId),
    '--month',
    month,
    '--amount',
    String(amount),
    '--reason',
    reason,
  ];

  it('sets the amount and its tax, keeps the correction and audits it, on the database and through the server', async () => {
    const month = addMonths(tokyoMonth(new Date()), -6);
    const before = await summary(month);
    const lower = Number(before.amount) - 10;
    const direct = await run(args(month, lower, 'テストの訂正'), databaseBackend(env().db));
    expect(direct.code).toBe(0);
    expect(direct.out.join('\n')).toContain(`for ${month}`);
    expect(await summary(month)).toEqual({ amount: lower, tax: Math.floor(lower / 10) });

    const viaServer = await run(
      args(month, lower + 25, '二度目の訂正'),
      serverBackend({ pid: process.pid, port, secret }),
    );
    expect(viaServer.code).toBe(0);
    expect(await summary(month)).toEqual({ amount: lower + 25, tax: Math.floor((lower + 25) / 10) });

    const corrections = await env()
      .db.selectFrom('fee_corrections')
      .select(['previous_amount', 'amount', 'reason'])
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .where('summarized_month', '=', month)
      .orderBy('id')
      .execute();
    expect(corrections).toEqual([
      { previous_amount: Number(before.amount), amount: lower, reason: 'テストの訂正' },
      { previous_amount: lower, amount: lower + 25, reason: '二度目の訂正' },
    ]);
    const audited = await env()
      .db.selectFrom('audit_events')
      .select(['actor_user_id', 'merchant_id'])
      .where('action', '=', 'fees.corrected')
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(2);
    expect(audited.every((event) => event.actor_user_id === null)).toBe(true);
  });

  it('refuses a month without fees, the same amount again, and bad arguments', async () => {
    const none = await run(args('201001', 100, '理由'), databaseBackend(env().db));
    expect(none.code).toBe(1);
    expect(none.err.join('\n')).toContain('この月の手数料はありません');
    const month = addMonths(tokyoMonth(new Date()), -7);
    const same = await run(args(month, Number((await summary(month)).amount), '理由'), databaseBackend(env().db));
    expect(same.code).toBe(1);
    const badMonth = await run(args('2026-01', 100, '理由'), databaseBackend(env().db));
    expect(badMonth.code).toBe(2);
    const noReason = await run(args(month, 100, ' '), databaseBackend(env().db));
    expect(noReason.code).toBe(2);
  });
});
