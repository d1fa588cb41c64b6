import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOperatorSecret } from '../domain/operatorChannel';
import { buildOperatorApp } from '../http/routes/refundsOperator';
import { DEMO, describeWithDatabase } from '../testing/harness';
import { type AdminBackend, databaseBackend, runAdmin, serverBackend } from './admin';

// npm run admin -- two-step reset: an operator removes the factors of a user who lost them all.

describeWithDatabase('npm run admin -- two-step reset', (env) => {
  const secret = newOperatorSecret();
  let operator: FastifyInstance | undefined;
  let port = 0;
  beforeAll(async () => {
    operator = await buildOperatorApp({ db: env().db, secret, logLevel: 'silent' });
    await operator.listen({ host: '127.0.0.1', port: 0 });
    const address = operator.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await operator?.close();
  });

  const run = async (args: string[], backend: AdminBackend) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(args, async () => backend, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };
  const userId = async (email: string) =>
    (await env().db.selectFrom('identities').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  /** Gives the user an authenticator app, a passkey and recovery codes, as an enrolment would. */
  const enrol = async (id: number) => {
    await env()
      .db.insertInto('identity_totp')
      .values({ identity_id: id, secret: 'JBSWY3DPEHPK3PXP', confirmed_at: new Date() })
      .onConflict((oc) => oc.column('identity_id').doUpdateSet({ confirmed_at: new Date() }))
      .execute();
    await env()
      .db.insertInto('identity_passkeys')
      .values({ identity_id: id, credential_id: `cred-${id}-${Date.now()}`, public_key: 'AA', name: '端末' })
      .execute();
    await env()
      .db.insertInto('identity_recovery_codes')
      .values({ identity_id: id, code_hash: 'a'.repeat(64) })
      .execute();
  };
  const factorsOf = async (id: number) => {
    const [totp, passkeys, codes] = await Promise.all([
      env().db.selectFrom('identity_totp').select('identity_id').where('identity_id', '=', id).execute(),
      env().db.selectFrom('identity_passkeys').select('id').where('identity_id', '=', id).execute(),
      env().db.selectFrom('identity_recovery_codes').select('id').where('identity_id', '=', id).execute(),
    ]);
    return totp.length + passkeys.length + codes.length;
  };

  it('removes every factor on the database, audited with no actor', async () => {
    const id = await userId(DEMO.member);
    await enrol(id);
    const result = await run(['two-step', 'reset', '--email', DEMO.member.toUpperCase()], databaseBackend(env().db));
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(result.out[0]).toBe(`removed 2 second factors of user #${id} (${DEMO.member.toUpperCase()})`);
    expect(await factorsOf(id)).toBe(0);
    const audit = await env()
      .db.selectFrom('audit_events')
      .select(['actor_user_id', 'before'])
      .where('action', '=', 'identity.two_step_reset')
      .where('target_user_id', '=', id)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_user_id: null })]);
    // The user is mailed at once (issue 45): a reset someone else asked for does not go unseen.
    const mail = await env()
      .db.selectFrom('mail_outbox')
      .select(['subject'])
      .where('to_address', '=', DEMO.member)
      .where('subject', 'like', '%2段階認証がリセットされました%')
      .execute();
    expect(mail).toHaveLength(1);
  });

  it('asks the running server through its operator listener, and refuses an unknown address', async () => {
    const id = await userId(DEMO.manager);
    await enrol(id);
    const result = await run(
      ['two-step', 'reset', '--email', DEMO.manager, '--json'],
      serverBackend({ pid: 1, port, secret }),
    );
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(JSON.parse(result.out.join('\n'))).toEqual({ user_id: id, removed: 2 });
    expect(await factorsOf(id)).toBe(0);
    const unknown = await run(['two-step', 'reset', '--email', 'nobody@example.com'], databaseBackend(env().db));
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain('そのメールアドレスのユーザーはいません');
    expect((await run(['two-step', 'reset'], databaseBackend(env().db))).code).toBe(2);
  });
});
