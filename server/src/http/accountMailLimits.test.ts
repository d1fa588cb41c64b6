import { describe, expect, it } from 'vitest';
import { ACCOUNT_LINKS_SPENT_MESSAGE, EMAIL_CHANGES_SPENT_MESSAGE } from '../domain/accounts';
import { DEMO_PASSWORD } from '../seed/accounts';
import { DEMO, describeWithDatabase, type SignedIn, signIn } from '../testing/harness';
import { RecordingMailer } from '../testing/mail';
import { resetDelay } from './routes/accounts';

// Password-reset and email-change links are limited per recipient address (ACCOUNT_MAILS_PER_HOUR), and
// the reset lookup runs after a random delay so the answers after a request do not tell known addresses.

const HOUR = 60 * 60 * 1000;

describe('account mails per recipient', () => {
  const mailer = new RecordingMailer();
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  describeWithDatabase(
    'reset and email-change links, two an hour per address',
    (env) => {
      const post = async (url: string, payload: object, auth?: SignedIn) => {
        const response = await env().app.inject({
          method: url.startsWith('/identities') ? 'PUT' : 'POST',
          url: `/api${url}`,
          payload,
          ...(auth ? { headers: { authorization: auth.authorization } } : {}),
        });
        await env().app.settleBackground();
        return response;
      };
      const reset = (email: string) => post('/password_reset', { email, requester: 'MerchantWeb' });

      it('sends a known address two reset links an hour, then nothing (the answer stays the same)', async () => {
        const address = DEMO.manager;
        const before = mailer.countTo(address);
        for (let i = 0; i < 3; i++) expect((await reset(address)).json()).toEqual({ ok: true });
        expect(mailer.countTo(address)).toBe(before + 2);
        try {
          offsetMs = HOUR + 60_000;
          await reset(address);
          expect(mailer.countTo(address)).toBe(before + 3);
        } finally {
          offsetMs = 0;
        }
      });

      it('refuses a third change-of-address link to one address within the hour, in Japanese, sending nothing', async () => {
        const session = await signIn(env().app, DEMO.member);
        const target = `wanted-${env().target.kind}@example.com`;
        const change = () =>
          post(
            `/identities/${session.userId}/email`,
            { email: target, requester: 'MerchantWeb', current_password: DEMO_PASSWORD },
            session,
          );
        expect((await change()).statusCode).toBe(200);
        expect((await change()).statusCode).toBe(200);
        const refused = await change();
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({
          type: 'rate_limited',
          field: 'email',
          message: ACCOUNT_LINKS_SPENT_MESSAGE,
        });
        expect(mailer.countTo(target)).toBe(2);
      });

      it('refuses a user a third change-of-address link within the hour, to any address (issue 45)', async () => {
        const session = await signIn(env().app, DEMO.managerNoPayment);
        const change = (n: number) =>
          post(
            `/identities/${session.userId}/email`,
            {
              email: `many-${n}-${env().target.kind}@example.com`,
              requester: 'MerchantWeb',
              current_password: DEMO_PASSWORD,
            },
            session,
          );
        expect((await change(1)).statusCode).toBe(200);
        expect((await change(2)).statusCode).toBe(200);
        const refused = await change(3);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({
          type: 'rate_limited',
          field: 'email',
          message: EMAIL_CHANGES_SPENT_MESSAGE,
        });
        expect(mailer.countTo(`many-3-${env().target.kind}@example.com`)).toBe(0);
      });
    },
    { env: { ACCOUNT_MAILS_PER_HOUR: '2' }, app: () => ({ mailer, now }) },
  );

  describeWithDatabase(
    'the reset lookup after a random delay',
    (env) => {
      it('does nothing for a known address in the moments after the answer; the link comes later', async () => {
        const tokensOf = async () => {
          const row = await env()
            .db.selectFrom('account_tokens')
            .innerJoin('identities', 'identities.id', 'account_tokens.user_id')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('identities.email', '=', DEMO.managerNoPayment)
            .executeTakeFirstOrThrow();
          return Number(row.n);
        };
        const before = await tokensOf();
        const answered = await env().app.inject({
          method: 'POST',
          url: '/api/password_reset',
          payload: { email: DEMO.managerNoPayment, requester: 'MerchantWeb' },
        });
        expect(answered.json()).toEqual({ ok: true });
        // At least 2 s (half of RESET_MAIL_DELAY_MS) before the lookup: nothing has been written yet.
        expect(await tokensOf()).toBe(before);
        await env().app.settleBackground();
        expect(await tokensOf()).toBe(before + 1);
        expect(mailer.lastTo(DEMO.managerNoPayment)?.subject).toBe('パスワード再設定のご案内');
      });

      it('draws each delay between half the setting and the setting', () => {
        const drawn = Array.from({ length: 200 }, () => resetDelay(4000));
        expect(Math.min(...drawn)).toBeGreaterThanOrEqual(2000);
        expect(Math.max(...drawn)).toBeLessThanOrEqual(4000);
        expect(new Set(drawn).size).toBeGreaterThan(1);
        expect(resetDelay(0)).toBe(0);
      });
    },
    { env: { RESET_MAIL_DELAY_MS: '4000' }, app: () => ({ mailer }) },
  );
});
