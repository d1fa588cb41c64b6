import { expect, it } from 'vitest';
import { closingOnOrAfter } from '../domain/payoutCalendar';
import { PAYOUT_COIN_ID, PAYOUT_RESERVE } from '../domain/payouts';
import { settleBalance } from '../domain/refunds.fixtures';
import { addDays } from '../domain/time';
import { DEMO_MERCHANTS } from '../seed/accounts';
import { describeWithDatabase, tokyoDay } from '../testing/harness';
import { databaseBackend } from './admin';
import { runAdminCommand } from './adminRun.testing';

// Payouts: the operator command `payouts run --date`.

const run = runAdminCommand;

describeWithDatabase('npm run admin: payouts run', (env) => {
  it('pays the due closing once, says who was passed over and why, and refuses a bad date', async () => {
    const backend = databaseBackend(env().db);
    const date = addDays(closingOnOrAfter(tokyoDay()), 1);
    // Both merchants with an account hold more than a payout's fees, whatever the seed's day left them.
    for (const m of [DEMO_MERCHANTS.main, DEMO_MERCHANTS.station]) {
      await settleBalance(env().db, m.walletNo, m.id, PAYOUT_COIN_ID, PAYOUT_RESERVE + 50_000);
    }
    const first = await run(['payouts', 'run', '--date', date], backend);
    expect(first.code, first.err.join('\n')).toBe(0);
    const text = first.out.join('\n');
    expect(text).toMatch(/paid {5}めぶくカフェ 本店 \(#1\)/);
    expect(text).toMatch(/paid {5}めぶくカフェ 駅前店 \(#2\)/);
    expect(text).toMatch(/skipped {2}まちのパン屋 \(#3\).*振込先口座が登録されていない/);
    const second = await run(['payouts', 'run', '--date', date, '--json'], backend);
    expect(JSON.parse(second.out.join('\n'))).toEqual({ date, paid: [], skipped: [] });
    for (const args of [
      ['payouts', 'run'],
      ['payouts', 'run', '--date', '2026-02-30'],
      ['payouts', 'run', '--date', 'tomorrow'],
      ['payouts', 'list', '--date', date],
    ]) {
      expect((await run(args, backend)).code, args.join(' ')).toBe(2);
    }
  });
});
