import type { Invoice } from '@coin/contract';
import { expect, it } from 'vitest';
import { balanceOf } from '../domain/refunds.fixtures';
import { createUrlPayment } from '../domain/urlPayments';
import { DEMO_CUSTOMER_WALLET } from '../seed/moneyOut';
import { DEMO, describeWithDatabase, tokyoDay } from '../testing/harness';
import { databaseBackend } from './admin';
import { runAdminCommand } from './adminRun.testing';

// Money in and out: the operator commands `url-payments pay` and `invoices issue`.

const run = runAdminCommand;

describeWithDatabase('npm run admin: url-payments and invoices', (env) => {
  const backend = () => databaseBackend(env().db, 'database', { publicUrl: 'http://localhost:3000' });
  const link = (expiresOn = tokyoDay(3)) =>
    createUrlPayment(
      env().db,
      { merchantId: DEMO.mainMerchantId, coinId: 1, amount: 450, description: 'CLIテスト', expiresOn, createdBy: null },
      { publicUrl: 'http://localhost:3000', now: new Date() },
    );

  it('pays a link as the customer: the use is counted and the merchant is paid', async () => {
    const { id } = await link();
    const before = await balanceOf(env().db, DEMO.mainWalletNo, 1);
    const result = await run(['url-payments', 'pay', String(id), '--wallet', DEMO_CUSTOMER_WALLET], backend());
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(result.out.join('\n')).toMatch(/1 use, 450 in all; ACTIVE/);
    expect(await balanceOf(env().db, DEMO.mainWalletNo, 1)).toBe(before + 450);
  });

  it('takes the URL copied from the console instead of the id', async () => {
    const created = await link();
    const result = await run(
      ['url-payments', 'pay', created.url, '--wallet', DEMO_CUSTOMER_WALLET, '--json'],
      backend(),
    );
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(JSON.parse(result.out.join('\n')).link).toMatchObject({ id: created.id, use_count: 1 });
    const unknown = await run(
      ['url-payments', 'pay', 'http://qr.localhost:3000/payment/?url_payment=nope', '--wallet', DEMO_CUSTOMER_WALLET],
      backend(),
    );
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain('not_found');
  });

  it('refuses a stopped link with exit code 1 and bad arguments with exit code 2', async () => {
    const { id } = await link();
    await env().db.updateTable('url_payments').set({ stopped_at: new Date() }).where('id', '=', id).execute();
    const refused = await run(['url-payments', 'pay', String(id), '--wallet', DEMO_CUSTOMER_WALLET], backend());
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toContain('停止されています');
    expect((await run(['url-payments', 'pay', String(id)], backend())).code).toBe(2);
    expect((await run(['url-payments', 'pay', 'not a link!', '--wallet', DEMO_CUSTOMER_WALLET], backend())).code).toBe(
      2,
    );
    expect((await run(['url-payments', 'list'], backend())).code).toBe(2);
  });

  it('issues an invoice that the merchant then sees', async () => {
    const result = await run(
      [
        'invoices',
        'issue',
        '--merchant',
        '1',
        '--title',
        'CLIの請求',
        '--amount',
        '1234',
        '--due',
        tokyoDay(5),
        '--json',
      ],
      backend(),
    );
    expect(result.code, result.err.join('\n')).toBe(0);
    const invoice = JSON.parse(result.out.join('\n')) as Invoice;
    expect(invoice).toMatchObject({ title: 'CLIの請求', amount: 1234, status: 'UNPAID', due_date: tokyoDay(5) });
    const stored = await env()
      .db.selectFrom('invoices')
      .select('merchant_id')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(stored.merchant_id).toBe(1);
    for (const args of [
      ['invoices', 'issue', '--title', 't', '--amount', '1', '--due', tokyoDay(1)],
      ['invoices', 'issue', '--merchant', '1', '--title', 't', '--amount', '0', '--due', tokyoDay(1)],
      ['invoices', 'issue', '--merchant', '1', '--title', 't', '--amount', '1', '--due', 'tomorrow'],
    ]) {
      expect((await run(args, backend())).code, args.join(' ')).toBe(2);
    }
  });
});
