import { CALLS } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { bearerOf, claimsOf, DEMO, describeEachDatabase, signIn } from '../testing/harness';

describeEachDatabase('sessions', (env) => {
  const postSignIn = (payload: unknown) =>
    env().app.inject({ method: 'POST', url: '/api/sessions/merchant', payload: payload as object });
  const refresh = (reauthToken: string, popinfoId: string) =>
    env().app.inject({
      method: 'POST',
      url: '/api/sessions/refresh',
      payload: { reauth_token: reauthToken, popinfo_id: popinfoId, platform: 'web' },
    });
  const getWallet = (authorization: string) =>
    env().app.inject({ method: 'GET', url: `/api/wallets/${DEMO.mainWalletNo}`, headers: { authorization } });

  describe('logout', () => {
    it('ends the sign-in on the server: the authorization and the reauth token stop working at once', async () => {
      const session = await signIn(env().app, DEMO.member);
      const other = await signIn(env().app, DEMO.member);
      expect((await getWallet(session.authorization)).statusCode).toBe(200);
      const out = await env().app.inject({
        method: 'DELETE',
        url: '/api/sessions/current',
        headers: { authorization: session.authorization },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ ok: true });
      expect((await getWallet(session.authorization)).statusCode).toBe(401);
      expect((await refresh(session.reauthToken, session.popinfoId)).statusCode).toBe(400);
      // Another sign-in of the same user (another browser) goes on.
      expect((await getWallet(other.authorization)).statusCode).toBe(200);
      expect((await env().app.inject({ method: 'DELETE', url: '/api/sessions/current' })).statusCode).toBe(401);
    });
  });

  describe('sign-in', () => {
    it('answers the merchant roles in a stable order, a reauth token and an exposed Authorization header', async () => {
      const response = await postSignIn({ email: DEMO.owner, password: 'demo-password', platform: 'web' });
      expect(response.statusCode).toBe(200);
      const body = CALLS.createMerchantSession.response.parse(response.json());
      expect(body.merchant_roles).toEqual([
        { merchant_id: 1, role: 'Owner', email: DEMO.owner },
        { merchant_id: 2, role: 'Owner', email: DEMO.owner },
        { merchant_id: 3, role: 'Member', email: DEMO.owner },
      ]);
      expect(body.identity.user_id).toBe(1);
      expect(body.reauth_token).toMatch(/^[\w-]{40,}$/);
      const authorization = bearerOf(response);
      expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      expect(response.headers['access-control-expose-headers']).toBe('Authorization');
      const claims = claimsOf(authorization ?? '');
      expect(claims.sub).toBe('1');
      expect(claims.popinfo_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    });

    it('ignores the case of the email', async () => {
      const response = await postSignIn({ email: 'Owner@Example.COM', password: 'demo-password', platform: 'web' });
      expect(response.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email alike', async () => {
      const wrongPassword = await postSignIn({ email: DEMO.owner, password: 'wrong-password', platform: 'web' });
      const unknownEmail = await postSignIn({
        email: 'nobody@example.com',
        password: 'demo-password',
        platform: 'web',
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ type: 'invalid_credentials', message: expect.any(String) });
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
      expect(bearerOf(wrongPassword)).toBeUndefined();
    });

    it('refuses an invited user who has no password yet', async () => {
      const response = await postSignIn({ email: 'invited@example.com', password: 'demo-password', platform: 'web' });
      expect(response.statusCode).toBe(401);
    });

    it('opens no session for a user without an active merchant role', async () => {
      for (const email of [DEMO.noRoles, 'suspended@example.com', 'canceled@example.com']) {
        const response = await postSignIn({ email, password: 'demo-password', platform: 'web' });
        expect(response.statusCode).toBe(200);
        const body = CALLS.createMerchantSession.response.parse(response.json());
        expect(body.merchant_roles).toEqual([]);
        expect(body.reauth_token).toBeUndefined();
        expect(bearerOf(response)).toBeUndefined();
      }
    });

    it('uses the identity email when the user keeps no address of record', async () => {
      const response = await postSignIn({
        email: 'no-email-of-record@example.com',
        password: 'demo-password',
        platform: 'web',
      });
      expect(response.json().merchant_roles).toEqual([
        { merchant_id: 1, role: 'Member', email: 'no-email-of-record@example.com' },
      ]);
    });

    it('answers 400 naming the field for a malformed email', async () => {
      const response = await postSignIn({ email: 'not-an-email', password: 'demo-password', platform: 'web' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 'invalid_request', field: 'email' });
    });
  });

  describe('refresh', () => {
    it('rotates the reauth token and answers a fresh authorization', async () => {
      const session = await signIn(env().app, DEMO.member);
      const first = await refresh(session.reauthToken, session.popinfoId);
      expect(first.statusCode).toBe(200);
      const { reauth_token: next } = CALLS.refreshSession.response.parse(first.json());
      expect(next).not.toBe(session.reauthToken);
      const authorization = bearerOf(first) ?? '';
      expect(claimsOf(authorization).popinfo_id).toBe(session.popinfoId);
      expect((await getWallet(authorization)).statusCode).toBe(200);

      const second = await refresh(next, session.popinfoId);
      expect(second.statusCode).toBe(200);
    });

    it('revokes the whole family when a spent token is presented again', async () => {
      const session = await signIn(env().app, DEMO.member);
      const rotated = await refresh(session.reauthToken, session.popinfoId);
      const successor = rotated.json().reauth_token as string;
      const successorAuthorization = bearerOf(rotated) ?? '';

      const replay = await refresh(session.reauthToken, session.popinfoId);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ type: 'invalid_reauth_token' });
      // The rotated successor and every authorization of the family stop working.
      expect((await refresh(successor, session.popinfoId)).statusCode).toBe(400);
      expect((await getWallet(successorAuthorization)).statusCode).toBe(401);
      expect((await getWallet(session.authorization)).statusCode).toBe(401);
      // Other sign-ins of the same user are not affected.
      const other = await signIn(env().app, DEMO.member);
      expect((await getWallet(other.authorization)).statusCode).toBe(200);
    });

    it('refuses unknown tokens, another family and malformed popinfo ids with 400', async () => {
      const session = await signIn(env().app, DEMO.member);
      const other = await signIn(env().app, DEMO.member);
      for (const [token, popinfoId] of [
        ['no-such-token', session.popinfoId],
        [session.reauthToken, other.popinfoId],
        [session.reauthToken, 'not-a-uuid'],
      ] as const) {
        const response = await refresh(token, popinfoId);
        expect(response.statusCode).toBe(400);
        expect(response.json().type).toBe('invalid_reauth_token');
      }
      // None of those spent the token.
      expect((await refresh(session.reauthToken, session.popinfoId)).statusCode).toBe(200);
    });

    it('refuses an expired reauth token', async () => {
      const session = await signIn(env().app, DEMO.member);
      await env()
        .db.updateTable('reauth_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('popinfo_id', '=', session.popinfoId)
        .execute();
      expect((await refresh(session.reauthToken, session.popinfoId)).statusCode).toBe(400);
    });
  });

  describe('authorization', () => {
    it('answers 401 token_expired for an expired authorization', async () => {
      const session = await signIn(env().app, DEMO.owner);
      const expired = await env().signer.sign(
        { userId: session.userId, popinfoId: session.popinfoId, merchantId: null },
        new Date(Date.now() - 60_000),
      );
      const response = await getWallet(`Bearer ${expired}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ type: 'token_expired' });
    });

    it('answers 401 unauthorized for a missing, malformed or foreign token', async () => {
      const session = await signIn(env().app, DEMO.owner);
      const foreign = session.authorization.slice(0, -4) + (session.authorization.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      for (const authorization of [undefined, 'Bearer', 'Bearer not.a.jwt', 'Basic abc', foreign]) {
        const response = await env().app.inject({
          method: 'GET',
          url: `/api/wallets/${DEMO.mainWalletNo}`,
          ...(authorization ? { headers: { authorization } } : {}),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ type: 'unauthorized' });
      }
    });
  });

  describe('merchant switch', () => {
    it('binds a new session to a merchant where the caller holds a role', async () => {
      const session = await signIn(env().app, DEMO.owner);
      const response = await env().app.inject({
        method: 'POST',
        url: `/api/merchants/${DEMO.bakeryMerchantId}/sessions`,
        headers: { authorization: session.authorization },
      });
      expect(response.statusCode).toBe(200);
      const body = CALLS.switchMerchantSession.response.parse(response.json());
      expect(body.merchant_user).toEqual({ user_nick_name: '鈴木 一郎', role: 'Member' });
      const claims = claimsOf(bearerOf(response) ?? '');
      expect(claims).toMatchObject({ sub: '1', popinfo_id: session.popinfoId, merchant_id: DEMO.bakeryMerchantId });

      // The bound token keeps its merchant across a refresh.
      const refreshed = await refresh(body.reauth_token, session.popinfoId);
      expect(refreshed.statusCode).toBe(200);
      expect(claimsOf(bearerOf(refreshed) ?? '').merchant_id).toBe(DEMO.bakeryMerchantId);
    });

    it('spends the tokens it replaces: the sign-in token presented afterwards revokes the family', async () => {
      const session = await signIn(env().app, DEMO.owner);
      const response = await env().app.inject({
        method: 'POST',
        url: `/api/merchants/${DEMO.bakeryMerchantId}/sessions`,
        headers: { authorization: session.authorization },
      });
      const { reauth_token: bound } = CALLS.switchMerchantSession.response.parse(response.json());
      expect((await refresh(session.reauthToken, session.popinfoId)).statusCode).toBe(400);
      expect((await refresh(bound, session.popinfoId)).statusCode).toBe(400);
    });

    it('is refused without a role at that merchant', async () => {
      const session = await signIn(env().app, DEMO.manager);
      const response = await env().app.inject({
        method: 'POST',
        url: `/api/merchants/${DEMO.stationMerchantId}/sessions`,
        headers: { authorization: session.authorization },
      });
      expect(response.statusCode).toBe(404);
      expect(bearerOf(response)).toBeUndefined();
    });
  });

  describe('tab fork', () => {
    const fork = async (opener: { authorization: string; reauthToken: string }) => {
      const response = await env().app.inject({
        method: 'POST',
        url: '/api/sessions/current/forks',
        headers: { authorization: opener.authorization },
        payload: { reauth_token: opener.reauthToken },
      });
      expect(response.statusCode).toBe(200);
      // The caller's own authorization is not replaced.
      expect(bearerOf(response)).toBeUndefined();
      const body = CALLS.forkSession.response.parse(response.json());
      return { popinfoId: body.popinfo_id, reauthToken: body.reauth_token };
    };
    const logout = (authorization: string) =>
      env().app.inject({ method: 'DELETE', url: '/api/sessions/current', headers: { authorization } });

    it("gives a tab its own family: the tabs' refreshes never spend each other's tokens", async () => {
      const session = await signIn(env().app, DEMO.member);
      const forked = await fork(session);
      expect(forked.popinfoId).not.toBe(session.popinfoId);
      expect(forked.reauthToken).not.toBe(session.reauthToken);
      // Both tabs refresh at the same moment, each with its own token: nothing is revoked.
      const [parentRefresh, forkRefresh] = await Promise.all([
        refresh(session.reauthToken, session.popinfoId),
        refresh(forked.reauthToken, forked.popinfoId),
      ]);
      expect([parentRefresh.statusCode, forkRefresh.statusCode]).toEqual([200, 200]);
      expect(claimsOf(bearerOf(forkRefresh) ?? '')).toMatchObject({
        sub: session.userId.toString(),
        popinfo_id: forked.popinfoId,
      });
      expect((await getWallet(bearerOf(forkRefresh) ?? '')).statusCode).toBe(200);
      expect((await getWallet(session.authorization)).statusCode).toBe(200);
      // A family's token belongs to that family only.
      expect(
        (await refresh(CALLS.refreshSession.response.parse(forkRefresh.json()).reauth_token, session.popinfoId))
          .statusCode,
      ).toBe(400);
    });

    it("binds the fork to the caller's merchant", async () => {
      const session = await signIn(env().app, DEMO.owner);
      const switched = await env().app.inject({
        method: 'POST',
        url: `/api/merchants/${DEMO.bakeryMerchantId}/sessions`,
        headers: { authorization: session.authorization },
      });
      const forked = await fork({
        authorization: bearerOf(switched) ?? '',
        reauthToken: CALLS.switchMerchantSession.response.parse(switched.json()).reauth_token,
      });
      const refreshed = await refresh(forked.reauthToken, forked.popinfoId);
      expect(refreshed.statusCode).toBe(200);
      expect(claimsOf(bearerOf(refreshed) ?? '').merchant_id).toBe(DEMO.bakeryMerchantId);
    });

    it('ends with its sign-in: a logout in any tab signs every tab of it out, and no other sign-in', async () => {
      const session = await signIn(env().app, DEMO.member);
      const other = await signIn(env().app, DEMO.member);
      const forked = await fork(session);
      const grandchild = await fork(session);
      const forkAuthorization = bearerOf(await refresh(forked.reauthToken, forked.popinfoId)) ?? '';
      expect((await logout(forkAuthorization)).statusCode).toBe(200);
      expect((await getWallet(session.authorization)).statusCode).toBe(401);
      expect((await refresh(session.reauthToken, session.popinfoId)).statusCode).toBe(400);
      expect((await refresh(grandchild.reauthToken, grandchild.popinfoId)).statusCode).toBe(400);
      expect((await getWallet(other.authorization)).statusCode).toBe(200);
    });

    it('ends with its sign-in when a spent token of any tab comes back', async () => {
      const session = await signIn(env().app, DEMO.member);
      const forked = await fork(session);
      expect((await refresh(forked.reauthToken, forked.popinfoId)).statusCode).toBe(200);
      expect((await refresh(forked.reauthToken, forked.popinfoId)).statusCode).toBe(400);
      expect((await getWallet(session.authorization)).statusCode).toBe(401);
      expect((await refresh(session.reauthToken, session.popinfoId)).statusCode).toBe(400);
    });

    it('is refused to a bearer token alone: the opener shows its current reauth token', async () => {
      const session = await signIn(env().app, DEMO.member);
      const other = await signIn(env().app, DEMO.member);
      const attempt = (payload?: object) =>
        env().app.inject({
          method: 'POST',
          url: '/api/sessions/current/forks',
          headers: { authorization: session.authorization },
          ...(payload ? { payload } : {}),
        });
      // No token, an unknown one, another sign-in's: refused, and none of them counts as a reuse.
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt({ reauth_token: 'guessed' })).statusCode).toBe(401);
      expect((await attempt({ reauth_token: other.reauthToken })).statusCode).toBe(401);
      expect((await getWallet(session.authorization)).statusCode).toBe(200);
      // The tab's own token proves it, and is not spent by the fork.
      expect((await attempt({ reauth_token: session.reauthToken })).statusCode).toBe(200);
      const rotated = await refresh(session.reauthToken, session.popinfoId);
      expect(rotated.statusCode).toBe(200);
      // A token its tab rotated a moment ago still counts (a fork may cross a refresh).
      expect((await attempt({ reauth_token: session.reauthToken })).statusCode).toBe(200);
    });

    it('is refused to an ended sign-in and without an authorization', async () => {
      const session = await signIn(env().app, DEMO.member);
      await logout(session.authorization);
      const refused = await env().app.inject({
        method: 'POST',
        url: '/api/sessions/current/forks',
        headers: { authorization: session.authorization },
        payload: { reauth_token: session.reauthToken },
      });
      expect(refused.statusCode).toBe(401);
      expect((await env().app.inject({ method: 'POST', url: '/api/sessions/current/forks' })).statusCode).toBe(401);
    });
  });

  describe('identity email', () => {
    const emailOf = async (caller: string, userId: number) => {
      const session = await signIn(env().app, caller);
      return env().app.inject({
        method: 'GET',
        url: `/api/identities/${userId}/email`,
        headers: { authorization: session.authorization },
      });
    };

    it("answers the caller's own email", async () => {
      const response = await emailOf(DEMO.member, 4);
      expect(response.statusCode).toBe(200);
      expect(CALLS.getIdentityEmail.response.parse(response.json())).toEqual({
        user_id: 4,
        email: DEMO.member,
        email_status: 'VERIFIED',
      });
    });

    it("answers an Owner the email of the merchant's users", async () => {
      expect((await emailOf(DEMO.owner, 2)).json()).toMatchObject({ user_id: 2, email: DEMO.manager });
      expect((await emailOf(DEMO.owner, 11)).json()).toMatchObject({ email: 'no-email-of-record@example.com' });
      expect((await emailOf(DEMO.owner, 7)).json()).toMatchObject({ email_status: 'UNVERIFIED' });
      // bakery@ owns まちのパン屋, where owner@ is a Member.
      expect((await emailOf(DEMO.otherMerchantOwner, 1)).statusCode).toBe(200);
    });

    it('is 404 for anyone else', async () => {
      expect((await emailOf(DEMO.manager, 1)).statusCode).toBe(404);
      expect((await emailOf(DEMO.member, 2)).statusCode).toBe(404);
      // owner@ is only a Member of まちのパン屋, so its Owner's address stays hidden.
      expect((await emailOf(DEMO.owner, 6)).statusCode).toBe(404);
      expect((await emailOf(DEMO.owner, 5)).statusCode).toBe(404);
      expect((await emailOf(DEMO.owner, 999_999)).statusCode).toBe(404);
    });
  });
});
