import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, injectProved, signIn } from '../testing/harness';
import type { Mail, Mailer } from './mail';
import { deliverDueMail, MAIL_RETRY_MINUTES, queueMail } from './mailOutbox';

/** A transport that refuses while `down` (the SMTP server unreachable), and records what it sends. */
class FlakyMailer implements Mailer {
  down = true;
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    this.sent.push(mail);
  }
  close(): void {}
}

const mail = (to: string): Mail => ({ to, subject: '件名', text: '本文', link: 'http://localhost/x' });
const MINUTE = 60_000;

describeEachDatabase(
  'mail outbox',
  (env) => {
    const rowOf = (to: string) =>
      env().db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

    it('retries with growing pauses, delivers once the transport is back, and gives up after the last retry', async () => {
      const mailer = new FlakyMailer();
      const start = new Date('2030-01-01T00:00:00Z');
      const at = (ms: number) => () => new Date(start.getTime() + ms);
      await queueMail(env().db, mail('retry@example.com'), start);

      await deliverDueMail(env().db, mailer, at(0));
      const first = await rowOf('retry@example.com');
      expect(first).toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringContaining('ECONNREFUSED') });
      expect(first.next_attempt_at.getTime()).toBe(start.getTime() + MAIL_RETRY_MINUTES[0] * MINUTE);
      // Not due yet: it is not tried again.
      await deliverDueMail(env().db, mailer, at(30_000));
      expect((await rowOf('retry@example.com')).attempts).toBe(1);

      mailer.down = false;
      await deliverDueMail(env().db, mailer, at(MINUTE));
      expect((await rowOf('retry@example.com')).sent_at).not.toBeNull();
      // Sent once: later rounds leave it alone.
      await deliverDueMail(env().db, mailer, at(60 * MINUTE));
      expect(mailer.sent.filter((m) => m.to === 'retry@example.com')).toHaveLength(1);

      const dead = new FlakyMailer();
      await queueMail(env().db, mail('dead@example.com'), start);
      let clock = 0;
      for (const pause of MAIL_RETRY_MINUTES) {
        await deliverDueMail(env().db, dead, at(clock));
        clock += pause * MINUTE;
      }
      expect((await rowOf('dead@example.com')).failed_at).toBeNull();
      await deliverDueMail(env().db, dead, at(clock));
      expect(await rowOf('dead@example.com')).toMatchObject({ attempts: MAIL_RETRY_MINUTES.length + 1 });
      expect((await rowOf('dead@example.com')).failed_at).not.toBeNull();
    });

    it('delivers each mail once when two deliverers run at the same time', async () => {
      const mailer = new FlakyMailer();
      mailer.down = false;
      const now = () => new Date('2030-02-01T00:00:00Z');
      const addresses = Array.from({ length: 12 }, (_, i) => `twice-${i}@example.com`);
      for (const to of addresses) await queueMail(env().db, mail(to), now());
      await Promise.all([deliverDueMail(env().db, mailer, now), deliverDueMail(env().db, mailer, now)]);
      const ours = mailer.sent.map((m) => m.to).filter((to) => to.startsWith('twice-'));
      expect(ours.sort()).toEqual([...addresses].sort());
    });

    it('an invitation answers 200 while SMTP is down; the mail waits in the outbox, and the user exists once', async () => {
      const owner = await signIn(env().app, DEMO.owner);
      const email = `outbox-${env().target.kind}@example.com`;
      const invite = () =>
        injectProved(env().app, owner, {
          method: 'POST',
          url: `/api/merchants/${DEMO.mainMerchantId}/users`,
          payload: { name: '待機 花子', role: 'Member', email },
        });
      const first = await invite();
      expect(first.statusCode, first.body).toBe(200);
      await env().app.settleBackground();
      const row = await rowOf(email);
      expect(row).toMatchObject({ sent_at: null, attempts: 1, last_error: expect.stringContaining('ECONNREFUSED') });
      expect((await invite()).json().type).toBe('duplicate_email');
    });
  },
  {
    // The transport of the service under test is down (nothing listens on port 9 of loopback).
    env: { SMTP_URL: 'smtp://127.0.0.1:9' },
  },
);
