import { expect, it } from 'vitest';
import { DEMO_CUSTOMER_WALLET } from '../seed/moneyOut';
import { DEMO, describeWithDatabase, tokyoDay } from '../testing/harness';
import { databaseBackend } from './admin';
import { runAdminCommand as run } from './adminRun.testing';

// Customer programs: the operator commands `coupons use` and `automatic-payments run`.

describeWithDatabase('npm run admin: coupons and automatic payments', (env) => {
  it('uses a coupon as the customer, and refuses a purchase below its minimum (exit code 1)', async () => {
    const backend = databaseBackend(env().db);
    const { id } = await env()
      .db.insertInto('coupons')
      .values({
        merchant_id: DEMO.mainMerchantId,
        name: 'CLIテスト',
        discount_type: 'RATE',
        discount_value: 10,
        min_purchase: 1000,
        stock: null,
        starts_on: tokyoDay(),
        ends_on: tokyoDay(3),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const used = await run(
      ['coupons', 'use', String(id), '--wallet', DEMO_CUSTOMER_WALLET, '--amount', '2000'],
      backend,
    );
    expect(used.code, used.err.join('\n')).toBe(0);
    expect(used.out.join('\n')).toMatch(/purchase 2,000, discount 200, paid 1,800/);
    const below = await run(
      ['coupons', 'use', String(id), '--wallet', DEMO_CUSTOMER_WALLET, '--amount', '999'],
      backend,
    );
    expect(below.code).toBe(1);
    expect(below.err.join('\n')).toContain('1,000円以上');
    expect((await run(['coupons', 'use', String(id), '--amount', '100'], backend)).code).toBe(2);
  });

  it('runs the automatic payments of a date, and refuses a bad date', async () => {
    const backend = databaseBackend(env().db);
    const first = await run(['automatic-payments', 'run', '--date', tokyoDay(), '--json'], backend);
    expect(first.code, first.err.join('\n')).toBe(0);
    expect(JSON.parse(first.out.join('\n'))).toMatchObject({ date: tokyoDay(), succeeded: expect.any(Number) });
    expect((await run(['automatic-payments', 'run', '--date', '2026-13-01'], backend)).code).toBe(2);
  });
});
