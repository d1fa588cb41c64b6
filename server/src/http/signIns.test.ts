import { beforeEach, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/accounts';
import { DEMO, describeWithDatabase, type SignedIn, signIn, signInAt, stepUp, withProof } from '../testing/harness';

/** A clock the tests move forward instead of waiting for minutes of inactivity. */
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
const minutes = (count: number) => {
  clock.offsetMs += count * 60_000;
};

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Signed-in devices and inactivity (issue 48): a database of its own, since these tests end sign-ins of
 * the demo users and move the clock. Each test signs in afresh.
 */
describeWithDatabase(
  'signed-in devices and inactivity',
  (env) => {
    beforeEach(async () => {
      // Every test starts from the shop's default; a test that changes it changes it back here.
      await env().db.updateTable('merchants').set({ idle_timeout_minutes: 15 }).execute();
    });

    const send = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
      env().app.inject({
        method,
        url: `/api${url}`,
        headers: { authorization: who.authorization },
        ...(payload ? { payload } : {}),
      });
    const signInsOf = async (who: SignedIn) => {
      const response = await send(who, 'GET', '/sessions');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as { id: string; device: string; client_ip: string; current: boolean }[];
    };
    const refresh = (who: SignedIn) =>
      env().app.inject({
        method: 'POST',
        url: '/api/sessions/refresh',
        payload: { reauth_token: who.reauthToken, popinfo_id: who.popinfoId, platform: 'web' },
      });

    it('lists each sign-in with its browser, system and address, the current one marked', async () => {
      const response = await env().app.inject({
        method: 'POST',
        url: '/api/sessions/merchant',
        headers: { 'user-agent': CHROME_ON_WINDOWS },
        payload: { email: DEMO.managerNoPayment, password: DEMO_PASSWORD, platform: 'web' },
      });
      expect(response.statusCode).toBe(200);
      const other = await signIn(env().app, DEMO.managerNoPayment);
      const listed = await signInsOf(other);
      const chrome = listed.find((entry) => entry.device === 'Chrome 131 / Windows');
      expect(chrome).toMatchObject({ client_ip: '127.0.0.1', current: false });
      expect(listed.filter((entry) => entry.current)).toHaveLength(1);
    });

    it("ends one other sign-in, which is refused at once, and keeps the caller's", async () => {
      const here = await signIn(env().app, DEMO.manager);
      const there = await signIn(env().app, DEMO.manager);
      const target = (await signInsOf(here)).find((entry) => !entry.current && entry.id === there.popinfoId);
      expect(target).toBeDefined();
      const ended = await send(here, 'DELETE', `/sessions/${there.popinfoId}`);
      expect(ended.json()).toEqual({ ended: 1 });
      expect((await send(there, 'GET', '/sessions')).statusCode).toBe(401);
      expect((await refresh(there)).statusCode).toBe(400);
      expect((await send(here, 'GET', '/sessions')).statusCode).toBe(200);
      // Recorded for the 操作履歴 of the Manager's shop.
      const recorded = await env()
        .db.selectFrom('audit_events')
        .select('action')
        .where('actor_user_id', '=', here.userId)
        .where('action', '=', 'session.ended_elsewhere')
        .execute();
      expect(recorded.length).toBeGreaterThan(0);
    });

    it("refuses to end another user's sign-in: not found", async () => {
      const mine = await signIn(env().app, DEMO.member);
      const theirs = await signIn(env().app, DEMO.otherMerchantOwner);
      expect((await send(mine, 'DELETE', `/sessions/${theirs.popinfoId}`)).statusCode).toBe(404);
      expect((await send(theirs, 'GET', '/sessions')).statusCode).toBe(200);
    });

    it('ends every other sign-in at once', async () => {
      const here = await signIn(env().app, DEMO.otherMerchantOwner);
      const others = [
        await signIn(env().app, DEMO.otherMerchantOwner),
        await signIn(env().app, DEMO.otherMerchantOwner),
      ];
      const ended = await send(here, 'POST', '/sessions/current/end_others');
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json().ended).toBeGreaterThanOrEqual(2);
      for (const other of others) expect((await send(other, 'GET', '/sessions')).statusCode).toBe(401);
      expect((await signInsOf(here)).map((entry) => entry.current)).toEqual([true]);
    });

    it('ends a sign-in left unused longer than its shop allows, on the server', async () => {
      const owner = await signInAt(env().app, DEMO.owner, DEMO.mainMerchantId);
      const proof = await stepUp(env().app, owner, 'idle_timeout', DEMO.mainMerchantId);
      const set = await env().app.inject({
        method: 'PUT',
        url: `/api/merchants/${DEMO.mainMerchantId}/idle_timeout`,
        headers: withProof(owner, proof),
        payload: { minutes: 5 },
      });
      expect(set.statusCode, set.body).toBe(200);
      const touched = await send(owner, 'POST', '/sessions/current/activity');
      expect(touched.json().idle_timeout_minutes).toBe(5);
      // Used every four minutes, it stays.
      minutes(4);
      expect((await send(owner, 'GET', '/sessions')).statusCode).toBe(200);
      minutes(4);
      expect((await send(owner, 'GET', '/sessions')).statusCode).toBe(200);
      // Left alone for six, it has ended: the request and a refresh are refused.
      minutes(6);
      const refused = await send(owner, 'GET', '/sessions');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().type).toBe('session_timed_out');
      expect((await refresh(owner)).statusCode).toBe(400);
      const ended = await env()
        .db.selectFrom('session_families')
        .select('end_reason')
        .where('popinfo_id', '=', owner.popinfoId)
        .executeTakeFirstOrThrow();
      expect(ended.end_reason).toBe('idle');
    });

    it('keeps the default of 15 minutes, and refuses a timeout outside 5–60 naming the field', async () => {
      const owner = await signInAt(env().app, DEMO.owner, DEMO.mainMerchantId);
      const touched = await send(owner, 'POST', '/sessions/current/activity');
      expect(touched.json().idle_timeout_minutes).toBe(15);
      const proof = await stepUp(env().app, owner, 'idle_timeout', DEMO.mainMerchantId);
      const refused = await env().app.inject({
        method: 'PUT',
        url: `/api/merchants/${DEMO.mainMerchantId}/idle_timeout`,
        headers: withProof(owner, proof),
        payload: { minutes: 90 },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('minutes');
      minutes(14);
      expect((await send(owner, 'GET', '/sessions')).statusCode).toBe(200);
    });

    it("ends a suspended staff member's sign-ins at the shop", async () => {
      const owner = await signInAt(env().app, DEMO.owner, DEMO.mainMerchantId);
      const member = await signInAt(env().app, DEMO.member, DEMO.mainMerchantId);
      const suspend = async (status: 'SUSPENDED' | 'ACTIVE') => {
        const proof = await stepUp(env().app, owner, 'staff', DEMO.mainMerchantId);
        const response = await env().app.inject({
          method: 'PATCH',
          url: `/api/merchants/${DEMO.mainMerchantId}/users/${member.userId}`,
          headers: withProof(owner, proof),
          payload: { status },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      await suspend('SUSPENDED');
      try {
        const family = await env()
          .db.selectFrom('session_families')
          .select(['revoked_at', 'end_reason'])
          .where('popinfo_id', '=', member.popinfoId)
          .executeTakeFirstOrThrow();
        expect(family.end_reason).toBe('suspended');
        expect((await refresh(member)).statusCode).toBe(400);
      } finally {
        await suspend('ACTIVE');
      }
    });
  },
  { app: () => ({ now: clock.now }) },
);
