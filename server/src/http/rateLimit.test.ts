import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, describeWithDatabase, signIn } from '../testing/harness';
import { RecordingMailer } from '../testing/mail';

/** In memory always; through Redis too when TEST_REDIS_URL names one (like TEST_DATABASE_URL). */
const STORES = [
  { kind: 'memory', url: null },
  ...(process.env.TEST_REDIS_URL ? [{ kind: 'redis', url: process.env.TEST_REDIS_URL }] : []),
] as const;

for (const store of STORES) {
  const namespace = `coin-test-rl-${randomBytes(4).toString('hex')}:`;
  describe(`rate limit (${store.kind})`, () => {
    afterAll(async () => {
      if (!store.url) return;
      const redis = new Redis(store.url);
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    describeWithDatabase(
      `per client address, ${store.kind}`,
      (env) => {
        const resetRequest = (remoteAddress: string) =>
          env().app.inject({
            method: 'POST',
            url: '/api/password_reset',
            remoteAddress,
            payload: { email: 'nobody@example.com', requester: 'MerchantWeb' },
          });

        it('answers 429 rate_limited with a Japanese message past the limit, per address', async () => {
          for (let i = 0; i < 3; i++) expect((await resetRequest('10.1.0.1')).statusCode).toBe(200);
          const refused = await resetRequest('10.1.0.1');
          expect(refused.statusCode).toBe(429);
          expect(refused.json()).toEqual({ type: 'rate_limited', message: expect.stringMatching(/しばらく待って/) });
          expect(refused.headers['retry-after']).toBeDefined();
          // Another address has its own count.
          expect((await resetRequest('10.1.0.2')).statusCode).toBe(200);
          if (store.url) {
            // The counters are shared through Redis, under the configured prefix.
            const redis = new Redis(store.url);
            try {
              expect((await redis.keys(`${namespace}*`)).length).toBeGreaterThan(0);
            } finally {
              await redis.quit();
            }
          }
        });

        it('limits sign-in, reset and invitation calls, each on its own', async () => {
          const requests = [
            {
              method: 'POST',
              url: '/api/sessions/merchant',
              payload: { email: DEMO.owner, password: 'x', platform: 'web' },
            },
            { method: 'PUT', url: `/api/invitations/merchants/${'x'.repeat(43)}` },
            { method: 'POST', url: '/api/invitations/merchant', payload: { activate_token: 'x', email_token: 'x' } },
            { method: 'POST', url: '/api/verifications/email', payload: { token: 'x' } },
            { method: 'POST', url: `/api/password_reset/${'x'.repeat(43)}`, payload: { password: 'whatever-long' } },
          ] as const;
          for (const request of requests) {
            const statuses: number[] = [];
            for (let i = 0; i < 4; i++) {
              statuses.push((await env().app.inject({ ...request, remoteAddress: '10.2.0.1' })).statusCode);
            }
            expect(statuses.slice(0, 3), request.url).not.toContain(429);
            expect(statuses[3], request.url).toBe(429);
          }
        });

        it("limits the current-password checks of the caller's password and address changes", async () => {
          const member = await signIn(env().app, DEMO.member);
          const requests = [
            {
              url: `/api/identities/${member.userId}/password`,
              payload: { current_password: 'wrong', password: 'x'.repeat(12) },
            },
            {
              url: `/api/identities/${member.userId}/email`,
              payload: { current_password: 'wrong', email: 'new@example.com' },
            },
          ];
          for (const request of requests) {
            const statuses: number[] = [];
            for (let i = 0; i < 4; i++) {
              const response = await env().app.inject({
                method: 'PUT',
                ...request,
                headers: { authorization: member.authorization },
                remoteAddress: '10.4.0.1',
              });
              statuses.push(response.statusCode);
            }
            expect(statuses, request.url).toEqual([400, 400, 400, 429]);
          }
        });

        it('leaves other calls alone', async () => {
          for (let i = 0; i < 6; i++) {
            const notices = await env().app.inject({ method: 'GET', url: '/api/notices', remoteAddress: '10.3.0.1' });
            expect(notices.statusCode).toBe(200);
          }
        });
      },
      {
        env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '600', ...(store.url ? { REDIS_URL: store.url } : {}) },
        // Each run's app counts apart (the cleanup matches them all by the common prefix).
        app: () => ({
          mailer: new RecordingMailer(),
          rateLimitNamespace: `${namespace}${randomBytes(4).toString('hex')}:`,
        }),
      },
    );
  });
}
