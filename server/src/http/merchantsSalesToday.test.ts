import { CALLS } from '@coin/contract';
import { beforeAll, expect, it } from 'vitest';
import { postTransaction } from '../domain/ledger';
import { balanceOf, settleBalance } from '../domain/refunds.fixtures';
import { DEMO_MERCHANTS } from '../seed/accounts';
import { NEW_MERCHANT } from '../seed/merchantSettings';
import { DEMO_CUSTOMER_WALLET } from '../seed/moneyOut';
import { DEMO, describeWithDatabase, type SignedIn, signIn } from '../testing/harness';

// Top's 「すべての店舗」 (issue 48): today's sales of each of the caller's merchants, in one call.

// Thursday 19 August 2032, 14:00 in Tokyo: a day far from anything the seed made, on the service's clock.
const NOW = new Date('2032-08-19T05:00:00Z');
const { main, station, bakery } = DEMO_MERCHANTS;

describeWithDatabase(
  'all shops at a glance',
  (env) => {
    const pay = (merchant: { id: number; walletNo: string }, at: string, amount: number) =>
      env()
        .db.transaction()
        .execute((trx) =>
          postTransaction(trx, {
            type: 'PAYMENT',
            merchantId: merchant.id,
            at: new Date(at),
            entries: [
              { walletNo: DEMO_CUSTOMER_WALLET, coinId: 1, amount: -amount },
              { walletNo: merchant.walletNo, coinId: 1, amount },
            ],
          }),
        );

    const salesToday = async (session: SignedIn, url = '/api/sessions/current/merchants/sales_today') => {
      const response = await env().app.inject({
        method: 'GET',
        url,
        headers: { authorization: session.authorization },
      });
      expect(response.statusCode, response.body).toBe(200);
      return CALLS.getMerchantsSalesToday.response.parse(response.json());
    };

    beforeAll(async () => {
      // What the seed left the customer depends on the day it ran: give it enough for the payments below.
      if ((await balanceOf(env().db, DEMO_CUSTOMER_WALLET, 1)) < 30_000) {
        await settleBalance(env().db, DEMO_CUSTOMER_WALLET, NEW_MERCHANT.id, 1, 30_000);
      }
      // In time order (the ledger refuses backdated entries).
      await pay(main, '2032-08-18T14:50:00Z', 5_000); // yesterday 23:50: not today
      await pay(main, '2032-08-18T15:10:00Z', 1_200); // today 00:10
      await pay(station, '2032-08-19T00:30:00Z', 700);
      await pay(bakery, '2032-08-19T01:00:00Z', 3_000);
      await pay(NEW_MERCHANT, '2032-08-19T02:00:00Z', 9_000);
      await pay(main, '2032-08-19T04:00:00Z', 800); // today 13:00
      // The Owner of 本店 and 駅前店 is suspended at まちのパン屋 (a Member there in the seed), and has no
      // role at あかぎ青果店: two shops left.
      await env()
        .db.updateTable('merchant_users')
        .set({ status: 'SUSPENDED' })
        .where('user_id', '=', 1)
        .where('merchant_id', '=', bakery.id)
        .execute();
    });

    it("answers each of a user's two shops with today's figures, and no other merchant's", async () => {
      const owner = await signIn(env().app, DEMO.owner);
      const answer = await salesToday(owner);
      expect(answer.as_of).toBe(NOW.toISOString());
      expect(answer.items).toEqual([
        { merchant_id: main.id, name: main.name, role: 'Owner', status: 'OPEN', amount: 2_000, count: 2 },
        { merchant_id: station.id, name: station.name, role: 'Owner', status: 'OPEN', amount: 700, count: 1 },
      ]);
      // A merchant named by the client changes nothing: the roles are read from the database.
      expect(
        await salesToday(owner, `/api/sessions/current/merchants/sales_today?merchant_id=${NEW_MERCHANT.id}`),
      ).toEqual(answer);
    });

    it("gives each shop the very figure of that shop's own day at a glance", async () => {
      const owner = await signIn(env().app, DEMO.owner);
      const { items } = await salesToday(owner);
      for (const item of items) {
        const response = await env().app.inject({
          method: 'GET',
          url: `/api/merchants/${item.merchant_id}/sales_summary`,
          headers: { authorization: owner.authorization },
        });
        const { today } = CALLS.getSalesSummary.response.parse(response.json());
        expect({ amount: item.amount, count: item.count }).toEqual({ amount: today.amount, count: today.count });
      }
    });

    it('answers a user of one shop that shop alone', async () => {
      const bakeryOwner = await signIn(env().app, DEMO.otherMerchantOwner);
      expect((await salesToday(bakeryOwner)).items).toEqual([
        { merchant_id: bakery.id, name: bakery.name, role: 'Owner', status: 'OPEN', amount: 3_000, count: 1 },
      ]);
    });

    it('leaves out a shop that requires two-step sign-in of a user without a second factor', async () => {
      const owner = await signIn(env().app, DEMO.owner);
      const requireTwoStep = (required: boolean) =>
        env().db.updateTable('merchants').set({ require_two_step: required }).where('id', '=', station.id).execute();
      await requireTwoStep(true);
      try {
        expect((await salesToday(owner)).items.map((item) => item.merchant_id)).toEqual([main.id]);
      } finally {
        await requireTwoStep(false);
      }
    });
  },
  { app: () => ({ now: () => NOW }) },
);
