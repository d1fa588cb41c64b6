import { describe, expect, it } from 'vitest';
import { balanceOf } from '../domain/refunds.fixtures';
import { tokyoDate } from '../domain/time';
import { createTestDatabase } from '../testing/harness';
import { seedDemo } from '.';
import { DEMO_MERCHANTS } from './accounts';

// The whole demo (core and sections) seeds at any moment: right after a closing swept the balances,
// on a billing day, on New Year's Day. A section that spends a merchant's balance must find it there.

describe('seedDemo at awkward moments', () => {
  it.each([
    ['just after the 12/15 closing (12/16 00:30 JST)', '2026-12-15T15:30:00Z'],
    ['on a billing day before its charges (11/10 06:00 JST)', '2026-11-09T21:00:00Z'],
    ["on New Year's Day (1/1 09:00 JST)", '2027-01-01T00:00:00Z'],
    ['on a closing day evening (11/30 20:00 JST)', '2026-11-30T11:00:00Z'],
    ['early in a month, before the billing days (12/03 12:00 JST)', '2026-12-03T03:00:00Z'],
  ])(
    '%s',
    async (_, instant) => {
      const database = await createTestDatabase({ kind: 'pglite', url: null }, { seed: false });
      try {
        const summary = await seedDemo(database.db, { now: new Date(instant) });
        expect(summary.transactions).toBeGreaterThan(5000);
        for (const merchant of Object.values(DEMO_MERCHANTS)) {
          expect(await balanceOf(database.db, merchant.walletNo, 1)).toBeGreaterThanOrEqual(0);
        }
        const counts = await database.db
          .selectFrom('payouts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(counts.n)).toBeGreaterThan(40);
        // Today's closing (or a later one) is not paid yet: the run closes a period the day after.
        const early = await database.db
          .selectFrom('payouts')
          .select('period_end')
          .where('period_end', '>=', tokyoDate(new Date(instant)))
          .execute();
        expect(early).toEqual([]);
        // Every subscriber state and every automatic-payment result, whatever the day of the month.
        const states = await database.db.selectFrom('subscriptions').select('status').distinct().execute();
        expect(states.map((s) => s.status).sort()).toEqual(['ACTIVE', 'PAYMENT_FAILED', 'STOPPED']);
        const results = await database.db.selectFrom('automatic_payments').select('result').distinct().execute();
        expect(results.map((r) => r.result).sort()).toEqual(['FAILED', 'RETRY_SCHEDULED', 'SUCCEEDED']);
      } finally {
        await database.close();
      }
      // A whole demo seeded into a fresh in-memory PGlite, five times: a minute each on a loaded machine.
    },
    180_000,
  );
});
