import { AUDIT_KINDS, AUDIT_OPERATOR_LABEL, type AuditEvent } from '@coin/contract';
import iconv from 'iconv-lite';
import { beforeAll, expect, it } from 'vitest';
import { recordAudit } from '../domain/audit';
import { DEMO, describeWithDatabase, type SignedIn, signIn, signInAt, tokyoDay } from '../testing/harness';

/** The Owner's 操作履歴 (issue 48): its own database, since every test here records events. */
describeWithDatabase('the 操作履歴', (env) => {
  let owner: SignedIn;
  let member: SignedIn;
  const period = { start_date: tokyoDay(-1), end_date: tokyoDay(1) };

  beforeAll(async () => {
    // Signing in to a shop is recorded with the browser it came from.
    owner = await signInAt(env().app, DEMO.owner, DEMO.mainMerchantId);
    member = await signInAt(env().app, DEMO.member, DEMO.mainMerchantId);
    await signInAt(env().app, DEMO.otherMerchantOwner, DEMO.bakeryMerchantId);
  });

  const list = async (query: Record<string, string> = {}, who = owner) => {
    const response = await env().app.inject({
      method: 'GET',
      url: `/api/merchants/${DEMO.mainMerchantId}/audit_events`,
      query: { ...period, ...query },
      headers: { authorization: who.authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: AuditEvent[]; total: number };
  };

  it("shows who signed in to the shop, with their name and address, and no other shop's sign-ins", async () => {
    const { items } = await list({ kind: 'sign_in' });
    const names = items.filter((event) => event.action === 'session.signed_in').map((event) => event.actor_user_id);
    expect(names).toEqual(expect.arrayContaining([owner.userId, member.userId]));
    const bakery = await signIn(env().app, DEMO.otherMerchantOwner);
    expect(names).not.toContain(bakery.userId);
    const ownerSignIn = items.find((event) => event.actor_user_id === owner.userId);
    expect(ownerSignIn?.actor_name).toBeTruthy();
    expect(ownerSignIn?.client_ip).toBe('127.0.0.1');
  });

  it('records a CSV download with its report and period, and filters by kind and by person', async () => {
    const download = await env().app.inject({
      method: 'GET',
      url: `/api/merchants/${DEMO.mainMerchantId}/downloads/coupons`,
      query: { ...period, encoding: 'utf8' },
      headers: { authorization: member.authorization },
    });
    expect(download.statusCode).toBe(200);
    const downloads = await list({ kind: 'download' });
    expect(downloads.items.every((event) => event.kind === 'download')).toBe(true);
    const mine = downloads.items.find((event) => event.actor_user_id === member.userId);
    expect(mine?.detail).toContain('クーポン');
    expect(mine?.detail).toContain(period.start_date);

    const ofMember = await list({ user_id: String(member.userId) });
    expect(ofMember.total).toBeGreaterThanOrEqual(2);
    expect(ofMember.items.every((event) => event.actor_user_id === member.userId)).toBe(true);
  });

  it("includes a staff member's own account events, not those of a user of another shop", async () => {
    const now = new Date();
    const bakery = await signIn(env().app, DEMO.otherMerchantOwner);
    for (const userId of [member.userId, bakery.userId]) {
      await recordAudit(
        env().db,
        { actorUserId: userId, action: 'identity.two_step_added', targetUserId: userId, after: { factor: 'totp' } },
        now,
      );
    }
    const { items } = await list({ kind: 'two_step' });
    const added = items.filter((event) => event.action === 'identity.two_step_added');
    expect(added.map((event) => event.actor_user_id)).toContain(member.userId);
    expect(added.map((event) => event.actor_user_id)).not.toContain(bakery.userId);
    expect(added.find((event) => event.actor_user_id === member.userId)?.detail).toBe('認証アプリ');
  });

  /** The operator approves a refund the Owner asked for (the operator's tools record it so). */
  const operatorApproves = () =>
    recordAudit(
      env().db,
      {
        actorUserId: null,
        action: 'refund.approved',
        merchantId: DEMO.mainMerchantId,
        targetUserId: owner.userId,
        after: { refund_application_id: 7, transaction_id: 70, amount: 1200 },
      },
      new Date(),
    );

  it('names the operator for what no user did, and pages newest first', async () => {
    await operatorApproves();
    await operatorApproves();
    const { items } = await list({ kind: 'refund' });
    const approved = items.find((event) => event.action === 'refund.approved');
    expect(approved).toMatchObject({ actor_user_id: null, actor_name: null });
    expect(approved?.target_name).toBeTruthy();
    expect(approved?.detail).toBe('申請ID 7、取引ID 70、¥1,200');

    const all = await list({ limit: '2' });
    const second = await list({ limit: '2', offset: '2' });
    expect(all.total).toBe(second.total);
    const instants = [...all.items, ...second.items].map((event) => event.occurred_at);
    expect(instants).toEqual([...instants].sort().reverse());
    expect(new Set([...all.items, ...second.items].map((event) => event.id)).size).toBe(4);
  });

  it('downloads as CSV with the operator named and the filters applied', async () => {
    await operatorApproves();
    const response = await env().app.inject({
      method: 'GET',
      url: `/api/merchants/${DEMO.mainMerchantId}/downloads/audit_events`,
      query: { ...period, encoding: 'cp932', kind: 'refund' },
      headers: { authorization: owner.authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = iconv.decode(response.rawPayload, 'cp932').trim().split(/\r?\n/);
    expect(lines[0]).toBe('日時,操作した人,種類,操作,対象のユーザー,内容,IPアドレス');
    expect(lines.slice(1).every((line) => line.includes(',返金,'))).toBe(true);
    expect(lines.some((line) => line.includes(AUDIT_OPERATOR_LABEL))).toBe(true);
  });

  it('shows every kind of action on the demo data of the last weeks', async () => {
    const wide = { start_date: tokyoDay(-60), end_date: tokyoDay(1), limit: '100' };
    for (const kind of AUDIT_KINDS) {
      const { total } = await list({ ...wide, kind });
      expect(total, kind).toBeGreaterThan(0);
    }
  });

  it('is refused to a Member before the query is read', async () => {
    const response = await env().app.inject({
      method: 'GET',
      url: `/api/merchants/${DEMO.mainMerchantId}/audit_events`,
      query: { start_date: 'nonsense', kind: 'everything' },
      headers: { authorization: member.authorization },
    });
    expect(response.statusCode).toBe(403);
  });
});
