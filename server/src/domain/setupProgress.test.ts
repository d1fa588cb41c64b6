import { beforeAll, expect, it } from 'vitest';
import { NEW_MERCHANT } from '../seed/merchantSettings';
import { DEMO, describeWithDatabase, type SignedIn, signIn } from '../testing/harness';

// Top's setup checklist, as the just-signed-up あかぎ青果店 and the established 本店 see it.

describeWithDatabase('the setup checklist', (env) => {
  let greengrocer: SignedIn;
  beforeAll(async () => {
    greengrocer = await signIn(env().app, NEW_MERCHANT.owner.email);
  });
  const progressOf = async (merchantId: number, as: SignedIn) => {
    const response = await env().app.inject({
      method: 'GET',
      url: `/api/merchants/${merchantId}/setup_progress`,
      headers: { authorization: as.authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { steps: { step: string; done: boolean }[]; complete: boolean };
  };
  const done = (progress: { steps: { step: string; done: boolean }[] }) =>
    progress.steps.filter((step) => step.done).map((step) => step.step);

  it('shows every step undone for a shop that has just signed up, 本店 complete, and ticks each step as it is done', async () => {
    const fresh = await progressOf(NEW_MERCHANT.id, greengrocer);
    expect(fresh.steps.map((step) => step.step)).toEqual(['profile', 'images', 'bank_account', 'qr_poster']);
    expect(fresh).toMatchObject({ complete: false });
    expect(done(fresh)).toEqual([]);
    const main = await progressOf(DEMO.mainMerchantId, await signIn(env().app, DEMO.member));
    expect(main).toMatchObject({ complete: true });

    // (One test: the steps below change あかぎ青果店, and tests run in a random order.)
    const poster = await env().app.inject({
      method: 'GET',
      url: `/api/identities/${NEW_MERCHANT.id}/qr/poster`,
      headers: { authorization: greengrocer.authorization },
    });
    expect(poster.statusCode, poster.body.slice(0, 200)).toBe(200);
    expect(done(await progressOf(NEW_MERCHANT.id, greengrocer))).toEqual(['qr_poster']);
    await env()
      .db.updateTable('merchants')
      .set({
        description: '朝採れ野菜の店',
        postal_code: '3710023',
        prefecture: '群馬県',
        city: '前橋市',
        street: '本町1-1',
        phone: '027-000-0000',
        business_hours: '9:00〜18:00',
      })
      .where('id', '=', NEW_MERCHANT.id)
      .execute();
    expect(done(await progressOf(NEW_MERCHANT.id, greengrocer))).toEqual(['profile', 'qr_poster']);
  });
});
