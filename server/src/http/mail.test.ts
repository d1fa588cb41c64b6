import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, describeWithDatabase, injectProved, type SignedIn, signIn } from '../testing/harness';
import { firstLink, parseMail, tokenOf } from '../testing/mail';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in this process, on a free loopback port. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtp = await startSmtp();
afterAll(() => smtp.close());

describe('mail delivery', () => {
  describeWithDatabase(
    'over SMTP',
    (env) => {
      let owner: SignedIn;
      beforeAll(async () => {
        owner = await signIn(env().app, DEMO.owner);
      });

      it('sends the invitation as real mail; its link opens the invitation', async () => {
        const email = `smtp-${env().target.kind}@example.com`;
        const invited = await injectProved(env().app, owner, {
          method: 'POST',
          url: `/api/merchants/${DEMO.mainMerchantId}/users`,
          payload: { name: '郵便 太郎', role: 'Member', email },
        });
        expect(invited.statusCode, invited.body).toBe(200);
        // Delivered from the outbox after the answer.
        await env().app.settleBackground();
        const message = smtp.received.find((m) => m.to.includes(email));
        expect(message?.from).toBe('no-reply@coin.example.jp');
        const mail = parseMail(message?.raw ?? '');
        expect(mail.subject).toBe('【めぶくカフェ 本店】管理画面への招待');
        expect(mail.text).toContain('郵便 太郎 様');
        const link = firstLink(mail.text);
        expect(link.startsWith('https://console.example.jp/mu?token=')).toBe(true);
        expect(mail.headers['x-coin-link']).toBe(link);

        const opened = await env().app.inject({ method: 'PUT', url: `/api/invitations/merchants/${tokenOf(link)}` });
        expect(opened.statusCode, opened.body).toBe(200);
        expect(opened.json()).toMatchObject({ email, name: '郵便 太郎', role: 'Member' });
      });
    },
    { env: { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@coin.example.jp', PUBLIC_URL: 'https://console.example.jp' } },
  );

  describeWithDatabase('as files without SMTP_URL', (env) => {
    it('writes one .eml per mail under DATA_DIR/mail, names sorting by time, with the link readable', async () => {
      for (const email of [DEMO.manager, DEMO.member]) {
        const response = await env().app.inject({
          method: 'POST',
          url: '/api/password_reset',
          payload: { email, requester: 'MerchantWeb' },
        });
        expect(response.statusCode).toBe(200);
      }
      const dir = join(env().config.dataDir, 'mail');
      // The reset answer does not wait for the mail: wait for the work it started.
      await env().app.settleBackground();
      const files = (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
        .filter((f) => f.name.endsWith('.eml'))
        .map((f) => f.name);
      expect(files).toHaveLength(2);
      const sorted = [...files].sort();
      const mails = sorted.map((name) => parseMail(readFileSync(join(dir, name), 'utf8')));
      // Each reset queues its mail after answering, so the two may be delivered in either order: the names
      // sort as they were written (the sequence number in the name counts the writes).
      const writeOrder = [...files].sort((x, y) => Number(x.split('-')[1]) - Number(y.split('-')[1]));
      expect(sorted).toEqual(writeOrder);
      expect([...mails.map((m) => m.headers.to)].sort()).toEqual([DEMO.manager, DEMO.member].sort());
      for (const mail of mails) {
        expect(mail.subject).toBe('パスワード再設定のご案内');
        const link = firstLink(mail.text);
        expect(link).toMatch(/^http:\/\/localhost:3000\/mu\/password\/reset\?token=/);
        expect(mail.headers['x-coin-link']).toBe(link);
      }
    });
  });
});
