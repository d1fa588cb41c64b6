import { TOTP_PERIOD_SECONDS, TWO_STEP_MESSAGES } from '@coin/contract';
import type { LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetTwoStep } from '../domain/twoStep';
import { DEMO_PASSWORD } from '../seed/accounts';
import { bearerOf, DEMO, describeWithDatabase, type SignedIn, signInAt, stepUp, withProof } from '../testing/harness';
import { RecordingMailer } from '../testing/mail';
import { SoftAuthenticator } from '../testing/softAuthenticator';

// Two-step sign-in (issue 24): authenticator-app codes, recovery codes and passkeys as the second
// factor of sign-in and step-up, and a merchant that requires them of its staff.

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** A clock the tests move forward instead of waiting for the next 30-second step. */
const clock = {
  offsetMs: 0,
  now: () => new Date(Date.now() + clock.offsetMs),
  /** Moves to the start of a later time step (so a code is new for the server). */
  nextStep() {
    const now = clock.now().getTime();
    clock.offsetMs += STEP_MS - (now % STEP_MS) + 1000;
  },
};

const mailer = new RecordingMailer();

const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_SECONDS }).generate({
    timestamp: at.getTime(),
  });

describe('two-step sign-in', () => {
  describeWithDatabase(
    'two-step sign-in',
    (env) => {
      const origin = () => env().config.publicUrl;
      const send = (
        method: 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: string,
        payload?: object,
        auth?: Pick<SignedIn, 'authorization'>,
        proof?: string,
      ): Promise<LightMyRequestResponse> =>
        env().app.inject({
          method,
          url: `/api${url}`,
          ...(payload ? { payload } : {}),
          ...(auth ? { headers: proof ? withProof(auth, proof) : { authorization: auth.authorization } } : {}),
        });
      const passwordStep = (email: string, password = DEMO_PASSWORD) =>
        send('POST', '/sessions/merchant', { email, password, platform: 'web' });
      const secondStep = (token: string, proof: object) =>
        send('POST', '/sessions/merchant/second_step', { token, ...proof });

      /** Enrols the authenticator app of a signed-in user through the API, as the console does. */
      async function enrolTotp(session: SignedIn) {
        const proof = await stepUp(env().app, session, 'totp');
        const started = await send('POST', `/identities/${session.userId}/two_step/totp`, undefined, session, proof);
        expect(started.statusCode, started.body).toBe(200);
        const { secret, otpauth_url } = started.json() as { secret: string; otpauth_url: string };
        expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
        const confirmed = await send(
          'PUT',
          `/identities/${session.userId}/two_step/totp`,
          { code: codeAt(secret, clock.now()) },
          session,
          proof,
        );
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        return { secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] | null }).recovery_codes };
      }

      /** A demo user as the seed made it (tests run in any order): no factor, no lock, no failures counted. */
      async function freshAccount(email: string) {
        await resetTwoStep(env().db, email, clock.now());
        await env()
          .db.updateTable('identities')
          .set({ locked_until: null, failed_sign_ins: 0, failed_second_steps: 0 })
          .where('email', '=', email)
          .execute();
      }

      let member: SignedIn;
      let enrolled: { secret: string; recoveryCodes: string[] | null };
      beforeAll(async () => {
        member = await signInAt(env().app, DEMO.member, DEMO.mainMerchantId);
        enrolled = await enrolTotp(member);
      });

      it('enrols an authenticator app with a code from it, and gives ten recovery codes once', async () => {
        expect(enrolled.recoveryCodes).toHaveLength(10);
        // The user is told of the factor added (issue 45).
        expect(mailer.sent.some((m) => m.to === DEMO.member && m.subject.includes('認証アプリが登録されました'))).toBe(
          true,
        );
        expect(new Set(enrolled.recoveryCodes).size).toBe(10);
        const status = await send('GET', `/identities/${member.userId}/two_step`, undefined, member);
        // Tests run in any order: another may have spent one of the codes.
        const unused = await env()
          .db.selectFrom('identity_recovery_codes')
          .select('id')
          .where('identity_id', '=', member.userId)
          .where('used_at', 'is', null)
          .execute();
        expect(unused.length).toBeGreaterThanOrEqual(9);
        expect(status.json()).toMatchObject({ enabled: true, recovery_codes_left: unused.length, passkeys: [] });
        // Another user's factors are not found.
        const other = await signInAt(env().app, DEMO.otherMerchantOwner, DEMO.bakeryMerchantId);
        expect((await send('GET', `/identities/${member.userId}/two_step`, undefined, other)).statusCode).toBe(404);
      });

      it('answers the password step with a second step only: no authorization, no reauth token', async () => {
        const first = await passwordStep(DEMO.member);
        expect(first.statusCode).toBe(200);
        expect(bearerOf(first)).toBeUndefined();
        const body = first.json();
        expect(body).toMatchObject({ merchant_roles: [], second_step: { methods: ['totp', 'recovery_code'] } });
        expect(body.reauth_token).toBeUndefined();
        // Its token is no session: it does not refresh.
        const refreshed = await send('POST', '/sessions/refresh', {
          reauth_token: body.second_step.token,
          popinfo_id: body.second_step.token,
          platform: 'web',
        });
        expect(refreshed.statusCode).toBe(400);
        // An account without a factor answers as the specification says.
        const plain = await passwordStep(DEMO.otherMerchantOwner);
        expect(plain.json().second_step).toBeUndefined();
        expect(bearerOf(plain)).toMatch(/^Bearer /);
      });

      it('opens the session with a code once; the same code is refused when replayed', async () => {
        clock.nextStep();
        const code = codeAt(enrolled.secret, clock.now());
        const first = (await passwordStep(DEMO.member)).json().second_step.token as string;
        const done = await secondStep(first, { totp_code: code });
        expect(done.statusCode, done.body).toBe(200);
        expect(bearerOf(done)).toMatch(/^Bearer /);
        expect(done.json()).toMatchObject({ merchant_roles: [expect.objectContaining({ merchant_id: 1 })] });
        expect(done.json().reauth_token).toEqual(expect.any(String));
        // The token is spent, and the code too.
        expect((await secondStep(first, { totp_code: code })).statusCode).toBe(401);
        const again = (await passwordStep(DEMO.member)).json().second_step.token as string;
        const replayed = await secondStep(again, { totp_code: code });
        expect(replayed.statusCode).toBe(400);
        expect(replayed.json()).toMatchObject({ field: 'totp_code', message: TWO_STEP_MESSAGES.wrongCode });
      });

      it('takes a code of the step before or after (clock drift), not two steps away', async () => {
        clock.nextStep();
        const now = clock.now();
        const token = () => passwordStep(DEMO.member).then((r) => r.json().second_step.token as string);
        const farBehind = codeAt(enrolled.secret, new Date(now.getTime() - 2 * STEP_MS));
        expect((await secondStep(await token(), { totp_code: farBehind })).statusCode).toBe(400);
        const ahead = codeAt(enrolled.secret, new Date(now.getTime() + STEP_MS));
        expect((await secondStep(await token(), { totp_code: ahead })).statusCode).toBe(200);
        // The step after is now used: the current one (earlier) is refused too.
        const current = codeAt(enrolled.secret, now);
        expect((await secondStep(await token(), { totp_code: current })).statusCode).toBe(400);
        clock.nextStep();
        clock.nextStep();
      });

      it('takes each recovery code once, typed in any case and spacing', async () => {
        const recovery = enrolled.recoveryCodes?.[0] ?? '';
        const token = () => passwordStep(DEMO.member).then((r) => r.json().second_step.token as string);
        const typed = recovery.toLowerCase().replaceAll('-', ' ');
        expect((await secondStep(await token(), { recovery_code: typed })).statusCode).toBe(200);
        // The user is told, with the number of codes left (issue 45).
        await env().app.settleBackground();
        const told = mailer.lastTo(DEMO.member);
        expect(told?.subject).toBe('【めぶくペイ加盟店】リカバリーコードが使われました');
        expect(told?.text).toMatch(/残りは\d+個です/);
        expect(told?.text).toContain('操作元のIPアドレス');
        const twice = await secondStep(await token(), { recovery_code: recovery });
        expect(twice.statusCode).toBe(400);
        expect(twice.json()).toMatchObject({ field: 'recovery_code', message: TWO_STEP_MESSAGES.wrongRecoveryCode });
      });

      it('counts wrong codes toward the lockout like wrong passwords: then even a right code is refused', async () => {
        const started = clock.now();
        await freshAccount(DEMO.managerNoPayment);
        const session = await signInAt(env().app, DEMO.managerNoPayment, DEMO.mainMerchantId);
        const { secret } = await enrolTotp(session);
        const token = (await passwordStep(DEMO.managerNoPayment)).json().second_step.token as string;
        let last: LightMyRequestResponse | undefined;
        for (let i = 0; i < 10; i++) last = await secondStep(token, { totp_code: '000000' });
        expect(last?.statusCode).toBe(401);
        clock.nextStep();
        const locked = await secondStep(token, { totp_code: codeAt(secret, clock.now()) });
        expect(locked.statusCode).toBe(401);
        const audit = await env()
          .db.selectFrom('audit_events')
          .select('action')
          .where('target_user_id', '=', session.userId)
          .where('action', '=', 'identity.locked')
          .where('occurred_at', '>=', started)
          .execute();
        expect(audit).toHaveLength(1);
        await env()
          .db.updateTable('identities')
          .set({ locked_until: null, failed_sign_ins: 0 })
          .where('id', '=', session.userId)
          .execute();
        await resetTwoStep(env().db, DEMO.managerNoPayment, clock.now());
        expect((await passwordStep(DEMO.managerNoPayment)).json().second_step).toBeUndefined();
      });

      it('counts wrong codes per account across password steps: a right password does not wipe them (N1)', async () => {
        await freshAccount(DEMO.managerNoPayment);
        const session = await signInAt(env().app, DEMO.managerNoPayment, DEMO.mainMerchantId);
        const { secret } = await enrolTotp(session);
        const lockMails = () =>
          mailer.sent.filter((m) => m.to === DEMO.managerNoPayment && m.subject.includes('ロック'));
        const locksBefore = lockMails().length;
        try {
          // Nine wrong codes over three sign-ins, each with the right password: not locked yet.
          for (let round = 0; round < 3; round++) {
            const token = (await passwordStep(DEMO.managerNoPayment)).json().second_step.token as string;
            for (let i = 0; i < 3; i++) expect((await secondStep(token, { totp_code: '000000' })).statusCode).toBe(400);
          }
          // The tenth, after yet another right password, locks the account; the right code is then refused.
          const token = (await passwordStep(DEMO.managerNoPayment)).json().second_step.token as string;
          expect((await secondStep(token, { totp_code: '000000' })).statusCode).toBe(401);
          clock.nextStep();
          const fresh = (await passwordStep(DEMO.managerNoPayment)).json();
          expect(fresh.second_step).toBeUndefined();
          await env().app.settleBackground();
          expect(lockMails()).toHaveLength(locksBefore + 1);
          expect(codeAt(secret, clock.now())).toMatch(/^\d{6}$/);
        } finally {
          await env()
            .db.updateTable('identities')
            .set({ locked_until: null, failed_sign_ins: 0, failed_second_steps: 0 })
            .where('id', '=', session.userId)
            .execute();
          await resetTwoStep(env().db, DEMO.managerNoPayment, clock.now());
        }
      });

      it('proves a step-up with a code, and asks one before a factor is removed', async () => {
        const session = await signInAt(env().app, DEMO.member, DEMO.mainMerchantId).catch(() => null);
        // The member signs in in two steps now: open a session through them.
        clock.nextStep();
        const token = (await passwordStep(DEMO.member)).json().second_step.token as string;
        const done = await secondStep(token, { totp_code: codeAt(enrolled.secret, clock.now()) });
        const signedIn = { authorization: bearerOf(done) ?? '', userId: member.userId };
        expect(session).toBeNull();
        // Removing the app without a proof: refused, naming what the proof is for.
        const refused = await send('DELETE', `/identities/${member.userId}/two_step/totp`, undefined, signedIn);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ type: 'step_up_required', purpose: 'remove_totp' });
        // With an app, the password alone proves nothing (N2): not even the right one.
        const byPassword = await send(
          'POST',
          '/sessions/current/step_up',
          { purpose: 'remove_totp', password: DEMO_PASSWORD },
          signedIn,
        );
        expect(byPassword.statusCode).toBe(400);
        expect(byPassword.json()).toMatchObject({ field: 'password', message: TWO_STEP_MESSAGES.factorRequired });
        clock.nextStep();
        const proved = await send(
          'POST',
          '/sessions/current/step_up',
          { purpose: 'remove_totp', totp_code: codeAt(enrolled.secret, clock.now()) },
          signedIn,
        );
        expect(proved.statusCode, proved.body).toBe(200);
        // The proof to remove the app regenerates no recovery codes (N3: bound to its change).
        const proof = proved.json().step_up_token as string;
        const other = await send(
          'POST',
          `/identities/${member.userId}/two_step/recovery_codes`,
          undefined,
          signedIn,
          proof,
        );
        expect(other.statusCode).toBe(403);
        const wrong = await send(
          'POST',
          '/sessions/current/step_up',
          { purpose: 'remove_totp', totp_code: '123456' },
          signedIn,
        );
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ field: 'totp_code' });
      });

      it('asks a user with an app for a proof besides the password to change their address (N2)', async () => {
        await freshAccount(DEMO.managerNoPayment);
        const session = await signInAt(env().app, DEMO.managerNoPayment, DEMO.mainMerchantId);
        const change = (proof?: string) =>
          send(
            'PUT',
            `/identities/${session.userId}/email`,
            {
              email: `cred-${env().target.kind}@example.com`,
              requester: 'MerchantWeb',
              current_password: DEMO_PASSWORD,
            },
            session,
            proof,
          );
        try {
          const { recoveryCodes } = await enrolTotp(session);
          const refused = await change();
          expect(refused.statusCode).toBe(403);
          expect(refused.json()).toMatchObject({ type: 'step_up_required', purpose: 'credentials' });
          const proof = await stepUp(env().app, session, 'credentials', null, { recovery_code: recoveryCodes?.[0] });
          const changed = await change(proof);
          expect(changed.statusCode, changed.body).toBe(200);
        } finally {
          await freshAccount(DEMO.managerNoPayment);
        }
      });

      it('registers a passkey and signs in with it; another user\u2019s passkey or another origin is refused', async () => {
        const manager = await signInAt(env().app, DEMO.manager, DEMO.mainMerchantId);
        const proof = await stepUp(env().app, manager, 'passkey');
        const passkey = new SoftAuthenticator(new URL(origin()).origin);
        const options = (
          await send('POST', `/identities/${manager.userId}/two_step/passkeys/options`, undefined, manager, proof)
        ).json().options as { challenge: string; rp: { id: string } };
        expect(options.rp.id).toBe(new URL(origin()).hostname);
        const registered = await send(
          'POST',
          `/identities/${manager.userId}/two_step/passkeys`,
          { name: 'テスト端末', response: passkey.register(options) },
          manager,
          proof,
        );
        expect(registered.statusCode, registered.body).toBe(200);
        expect(registered.json().recovery_codes).toHaveLength(10);

        const signInWith = async (authenticator: SoftAuthenticator, at?: string) => {
          const token = (await passwordStep(DEMO.manager)).json().second_step.token as string;
          const request = await send('POST', '/sessions/merchant/second_step/passkey_options', { token });
          expect(request.statusCode, request.body).toBe(200);
          return secondStep(token, { passkey: authenticator.assert(request.json().options, at) });
        };
        const done = await signInWith(passkey);
        expect(done.statusCode, done.body).toBe(200);
        expect(bearerOf(done)).toMatch(/^Bearer /);

        // A credential the manager never registered (another user's passkey) does not open the sign-in.
        const stranger = new SoftAuthenticator(new URL(origin()).origin);
        const foreign = await signInWith(stranger);
        expect(foreign.statusCode).toBe(400);
        expect(foreign.json()).toMatchObject({ field: 'passkey' });
        // The right credential answering for another origin (a phishing page) is refused.
        const phished = await signInWith(passkey, 'https://coin-console.example.net');
        expect(phished.statusCode).toBe(400);
        expect(phished.json()).toMatchObject({ field: 'passkey' });
      });

      it('lets an Owner with a factor require two-step; staff without one are sent to enrol, each is mailed', async () => {
        const owner = await signInAt(env().app, DEMO.owner, DEMO.mainMerchantId);
        const before = await send('GET', `/merchants/${DEMO.mainMerchantId}/two_step`, undefined, owner);
        expect(before.json()).toMatchObject({ required: false });
        const requireWith = (proof?: string) =>
          send('PUT', `/merchants/${DEMO.mainMerchantId}/two_step`, { required: true }, owner, proof);
        expect((await requireWith()).statusCode).toBe(403);
        try {
          // An Owner without a factor of their own may not require one of the staff (it would lock them out).
          const unenrolled = await requireWith(await stepUp(env().app, owner, 'two_step_policy', DEMO.mainMerchantId));
          expect(unenrolled.statusCode).toBe(409);
          expect(unenrolled.json().message).toBe(TWO_STEP_MESSAGES.enrolBeforeRequiring);
          const { recoveryCodes } = await enrolTotp(owner);
          const mailsBefore = mailer.countTo(DEMO.manager);
          const proof = await stepUp(env().app, owner, 'two_step_policy', DEMO.mainMerchantId, {
            recovery_code: recoveryCodes?.[0],
          });
          const required = await requireWith(proof);
          expect(required.statusCode, required.body).toBe(200);
          expect(required.json().required).toBe(true);
          // Every staff member is told what and when, and whom to ask: their Owner's decision, not an
          // intrusion, and not the Owner's address.
          await env().app.settleBackground();
          expect(mailer.countTo(DEMO.manager)).toBe(mailsBefore + 1);
          const told = mailer.lastTo(DEMO.manager);
          expect(told?.subject).toContain('2段階認証が必須になりました');
          expect(told?.text).toContain('加盟店のオーナーにお問い合わせください');
          expect(told?.text).not.toContain('IPアドレス');
          // A manager without a factor: refused 本店's calls, sent to enrol.
          await freshAccount(DEMO.managerNoPayment);
          const manager = await signInAt(env().app, DEMO.managerNoPayment, DEMO.mainMerchantId);
          const wallet = await send('GET', `/wallets/${DEMO.mainWalletNo}`, undefined, manager);
          expect(wallet.statusCode).toBe(403);
          expect(wallet.json()).toMatchObject({
            type: 'two_step_enrolment_required',
            message: TWO_STEP_MESSAGES.enrolmentRequired,
          });
          const status = await send('GET', `/identities/${manager.userId}/two_step`, undefined, manager);
          expect(status.json().required_by).toEqual([expect.objectContaining({ merchant_id: DEMO.mainMerchantId })]);
          // The Owner, enrolled, goes on.
          expect((await send('GET', `/wallets/${DEMO.mainWalletNo}`, undefined, owner)).statusCode).toBe(200);
        } finally {
          await env()
            .db.updateTable('merchants')
            .set({ require_two_step: false })
            .where('id', '=', DEMO.mainMerchantId)
            .execute();
          await resetTwoStep(env().db, DEMO.owner, clock.now());
        }
      });
    },
    { app: () => ({ now: clock.now, mailer }) },
  );
});
