import { CALL_ENDPOINTS, type CallEndpoint, STEP_UP_WINDOW_MS } from '@coin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { heldForRefunds } from '../domain/ledger';
import { closingOnOrAfter } from '../domain/payoutCalendar';
import { PAYOUT_RESERVE, runPayouts } from '../domain/payouts';
import { settleBalance } from '../domain/refunds.fixtures';
import { addDays } from '../domain/time';
import { DEMO_PASSWORD } from '../seed/accounts';
import { DEMO, describeWithDatabase, type SignedIn, signInAt, stepUp, tokyoDay } from '../testing/harness';
import { RecordingMailer } from '../testing/mail';

/** A clock the tests move forward instead of waiting. */
const clock = {
  offsetMs: 0,
  now: () => new Date(Date.now() + clock.offsetMs),
};

const MAIN = DEMO.mainMerchantId;
const mailer = new RecordingMailer();
const BANK_ACCOUNT = {
  bank_code: '0128',
  branch_code: '112',
  account_type: 'ORDINARY',
  account_number: '7654321',
  holder_name: 'ｺｳｹﾞｷｼｬ',
};

describe('trust: only a proven Owner changes where the money goes', () => {
  it('marks the calls that change money destinations, staff, the status and second factors, and only those', () => {
    const marked = Object.entries(CALL_ENDPOINTS as Record<string, CallEndpoint>)
      .filter(([, def]) => def.stepUp)
      .map(([id]) => id)
      .sort();
    expect(marked).toEqual(
      [
        'inviteMerchantUser',
        'putBankAccount',
        'resendMerchantUserInvitation',
        'updateMerchantStatus',
        'updateMerchantUser',
        // Two-step sign-in (issue 24): the second-factor settings, of the user and of the merchant.
        'startTotp',
        'confirmTotp',
        'deleteTotp',
        'passkeyRegistrationOptions',
        'registerPasskey',
        'deletePasskey',
        'regenerateRecoveryCodes',
        'putMerchantTwoStep',
      ].sort(),
    );
  });

  describeWithDatabase(
    'step-up',
    (env) => {
      let owner: SignedIn;
      beforeAll(async () => {
        owner = await signInAt(env().app, DEMO.owner, MAIN);
      });
      const putBankAccount = (session: SignedIn, holder = BANK_ACCOUNT.holder_name) =>
        env().app.inject({
          method: 'PUT',
          url: `/api/merchants/${MAIN}/bank_account`,
          headers: { authorization: session.authorization },
          payload: { ...BANK_ACCOUNT, holder_name: holder },
        });
      const storedHolder = async () =>
        (
          await env()
            .db.selectFrom('merchant_bank_accounts')
            .select('holder_name')
            .where('merchant_id', '=', MAIN)
            .executeTakeFirst()
        )?.holder_name;
      const stepUpWith = (session: SignedIn, password: string) =>
        env().app.inject({
          method: 'POST',
          url: '/api/sessions/current/step_up',
          headers: { authorization: session.authorization },
          payload: { password },
        });

      it('refuses a bank account change made with a bearer token alone, however fresh', async () => {
        const fresh = await signInAt(env().app, DEMO.owner, MAIN);
        const before = await storedHolder();
        for (let attempt = 0; attempt < 3; attempt++) {
          const refused = await putBankAccount(fresh, 'ｺｳｹﾞｷｼｬ');
          expect(refused.statusCode).toBe(403);
          expect(refused.json()).toEqual({ type: 'step_up_required', message: expect.any(String) });
        }
        expect(await storedHolder()).toBe(before);
        // A role check comes first: a Member is refused for the role, not asked to prove anything.
        const member = await signInAt(env().app, DEMO.member, MAIN);
        expect((await putBankAccount(member)).json().type).toBe('forbidden');
      });

      it('lets the sign-in that proved its password change it, for a few minutes only', async () => {
        const session = await signInAt(env().app, DEMO.owner, MAIN);
        const wrong = await stepUpWith(session, 'not-the-password');
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ type: 'invalid_request', field: 'password' });
        expect((await putBankAccount(session)).statusCode).toBe(403);

        const proved = await stepUpWith(session, DEMO_PASSWORD);
        expect(proved.statusCode).toBe(200);
        const until = Date.parse(proved.json().stepped_up_until);
        expect(until - clock.now().getTime()).toBeGreaterThan(STEP_UP_WINDOW_MS - 60_000);
        expect(until - clock.now().getTime()).toBeLessThanOrEqual(STEP_UP_WINDOW_MS);
        const changed = await putBankAccount(session, 'ｼﾝﾗｲ');
        expect(changed.statusCode, changed.body).toBe(200);
        expect(await storedHolder()).toBe('ｼﾝﾗｲ');

        // Another sign-in of the same user has proved nothing.
        expect((await putBankAccount(owner)).statusCode).toBe(403);
        // The proof lapses.
        clock.offsetMs += STEP_UP_WINDOW_MS + 1000;
        try {
          expect((await putBankAccount(session)).statusCode).toBe(403);
        } finally {
          clock.offsetMs = 0;
        }
        await stepUp(env().app, owner);
        expect((await putBankAccount(owner, BANK_ACCOUNT.holder_name)).statusCode).toBe(200);
      });

      it('mails every Owner at once, holds payouts to the new account, then pays them', async () => {
        const session = await signInAt(env().app, DEMO.owner, MAIN);
        await stepUp(env().app, session);
        const before = mailer.countTo(DEMO.owner);
        const changed = await putBankAccount(session, 'ﾎｰﾙﾄﾞ');
        expect(changed.statusCode, changed.body).toBe(200);
        await env().app.settleBackground();
        expect(mailer.countTo(DEMO.owner)).toBe(before + 1);
        const notice = mailer.lastTo(DEMO.owner);
        expect(notice?.subject).toBe('【めぶくカフェ 本店】振込先口座が変更されました');
        expect(notice?.text).toContain('鈴木 一郎さん');
        expect(notice?.text).toContain('****4321');
        expect(notice?.text).not.toContain('7654321');
        // Only Owners are told.
        expect(mailer.countTo(DEMO.manager)).toBe(0);

        const payouts = await env().app.inject({
          method: 'GET',
          url: `/api/merchants/${MAIN}/payouts`,
          query: { start_date: tokyoDay(-30), end_date: tokyoDay() },
          headers: { authorization: session.authorization },
        });
        const heldUntil = Date.parse(payouts.json().next.account_held_until);
        expect(heldUntil - clock.now().getTime()).toBeGreaterThan(71 * 60 * 60 * 1000);
        expect(heldUntil - clock.now().getTime()).toBeLessThanOrEqual(72 * 60 * 60 * 1000);

        // The run of the next closing passes 本店 over while the hold lasts, and pays after it: 本店 is
        // given a balance a payout pays, whatever the seed's day and the held refunds left.
        const heldByRefunds = await heldForRefunds(env().db, DEMO.mainWalletNo, 1);
        await settleBalance(env().db, DEMO.mainWalletNo, MAIN, 1, PAYOUT_RESERVE + heldByRefunds + 50_000);
        const runDate = addDays(closingOnOrAfter(tokyoDay()), 1);
        const held = await runPayouts(env().db, runDate, clock.now());
        expect(held.paid.map((p) => p.merchant_id)).not.toContain(MAIN);
        expect(held.skipped.find((s) => s.merchant_id === MAIN)?.reason).toContain('振込先口座が変更されたため');
        // The closing after the hold pays, carrying the held closing's money.
        const later = await runPayouts(env().db, addDays(closingOnOrAfter(runDate), 1), new Date(heldUntil + 60_000));
        expect(later.paid.map((p) => p.merchant_id)).toContain(MAIN);
      });

      it('records the step-up in the audit trail', async () => {
        const session = await signInAt(env().app, DEMO.manager, MAIN);
        await stepUp(env().app, session);
        const rows = await env()
          .db.selectFrom('audit_events')
          .select('actor_user_id')
          .where('action', '=', 'session.stepped_up')
          .where('actor_user_id', '=', session.userId)
          .execute();
        expect(rows.length).toBeGreaterThan(0);
      });
    },
    { app: () => ({ now: clock.now, mailer }) },
  );
});
