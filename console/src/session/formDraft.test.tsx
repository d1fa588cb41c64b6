// @vitest-environment happy-dom
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldByLabel, mount, typeInto, user } from '@/components/formTesting';
import { DRAFT_KEY, draftHrefFor, keepDraft, PAGE_MAIN_ID, readDraft, resumeDraft } from './formDraft';

const OWNER = { userId: 7, merchantId: 4 };
const HREF = '/refund/request?payment_id=9';

afterEach(() => {
  sessionStorage.clear();
});

/** A page's form as React and Mantine render it: every value held in React's state, shown below it. */
function RefundFields() {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState('full');
  const [notify, setNotify] = useState(false);
  const [password, setPassword] = useState('');
  const [labelled, setLabelled] = useState('');
  return (
    <>
      <TextInput name="amount" label="返金額" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
      <Textarea label="返金理由" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      <NativeSelect
        name="kind"
        label="種別"
        data={[
          { value: 'full', label: '全額' },
          { value: 'part', label: '一部' },
        ]}
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value)}
      />
      <Checkbox
        name="notify"
        label="お客様に通知する"
        checked={notify}
        onChange={(e) => setNotify(e.currentTarget.checked)}
      />
      <TextInput
        type="password"
        name="password"
        label="パスワード"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <input aria-label="メモ" value={labelled} onChange={(e) => setLabelled(e.currentTarget.value)} />
      <input type="hidden" name="token" value="secret-token" />
      <output>{JSON.stringify({ amount, reason, kind, notify, password, labelled })}</output>
    </>
  );
}

/** The form in the shell's main region, with a field outside it (a header's search) that is never kept. */
const RefundForm = () => (
  <>
    <input name="search" aria-label="検索" defaultValue="ヘッダー" />
    <main id={PAGE_MAIN_ID}>
      <RefundFields />
    </main>
  </>
);

/** A page whose form shows once its data is in (here: at a click). */
function LaterForm() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        表示
      </button>
      <main id={PAGE_MAIN_ID}>{shown && <RefundFields />}</main>
    </>
  );
}

/** What React holds, as the form shows it. */
const state = () => JSON.parse(document.querySelector('output')?.textContent ?? '{}') as Record<string, unknown>;

async function typeTheForm() {
  await typeInto(fieldByLabel('返金額'), '1200');
  await typeInto(fieldByLabel<HTMLTextAreaElement>('返金理由'), '商品の破損');
  await typeInto(fieldByLabel<HTMLSelectElement>('種別'), 'part');
  await user().click(screen.getByRole('checkbox', { name: 'お客様に通知する' }));
  await typeInto(fieldByLabel('パスワード'), 'demo-password');
  await typeInto(fieldByLabel('メモ'), '電話済み');
}

const TYPED = {
  amount: '1200',
  reason: '商品の破損',
  kind: 'part',
  notify: true,
  password: 'demo-password',
  labelled: '電話済み',
};

describe('the draft kept over a sign-out for inactivity (issue 48)', () => {
  it('keeps the named and labelled fields of the main region, never the password or a hidden input', async () => {
    const page = await mount(<RefundForm />);
    await typeTheForm();
    expect(state()).toEqual(TYPED);
    keepDraft(sessionStorage, OWNER, HREF, document.getElementById(PAGE_MAIN_ID));
    page.unmount();

    const draft = readDraft(sessionStorage);
    expect(draft).toMatchObject({ userId: 7, merchantId: 4, href: HREF });
    expect(draft?.fields).toEqual([
      { key: 'name:amount', value: '1200' },
      { key: 'label:返金理由', value: '商品の破損' },
      { key: 'name:kind', value: 'part' },
      { key: 'name:notify', checked: true },
      { key: 'label:メモ', value: '電話済み' },
    ]);
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toContain('demo-password');
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toContain('secret-token');
  });

  it("puts the values back into React's controlled fields, then deletes the draft", async () => {
    const first = await mount(<RefundForm />);
    await typeTheForm();
    keepDraft(sessionStorage, OWNER, HREF, document.getElementById(PAGE_MAIN_ID));
    first.unmount();

    await mount(<RefundForm />);
    expect(state()).toMatchObject({ amount: '', notify: false });
    act(() => {
      resumeDraft(sessionStorage, OWNER, '/refund/request', document.getElementById(PAGE_MAIN_ID));
    });
    // React's state, not only the elements: what the form would send.
    expect(state()).toEqual({ ...TYPED, password: '' });
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('fills fields that appear later (a form shown once its data is in)', async () => {
    keepDraft(sessionStorage, OWNER, HREF, null);
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ ...readDraft(sessionStorage), fields: [{ key: 'name:amount', value: '800' }] }),
    );
    await mount(<LaterForm />);
    act(() => {
      resumeDraft(sessionStorage, OWNER, '/refund/request', document.getElementById(PAGE_MAIN_ID));
    });
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toBeNull();
    await user().click(screen.getByRole('button', { name: '表示' }));
    await waitFor(() => expect(state()).toMatchObject({ amount: '800' }));
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('returns the same user to the page; deletes the draft unseen for another user or merchant', () => {
    keepDraft(sessionStorage, OWNER, HREF, null);
    expect(draftHrefFor(sessionStorage, OWNER)).toBe(HREF);
    expect(draftHrefFor(sessionStorage, { userId: 8, merchantId: 4 })).toBeNull();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    keepDraft(sessionStorage, OWNER, HREF, null);
    expect(draftHrefFor(sessionStorage, { userId: 7, merchantId: 5 })).toBeNull();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('deletes a draft found on another page, or for another user, without filling anything', async () => {
    const first = await mount(<RefundForm />);
    await typeInto(fieldByLabel('返金額'), '1200');
    keepDraft(sessionStorage, OWNER, HREF, document.getElementById(PAGE_MAIN_ID));
    first.unmount();

    await mount(<RefundForm />);
    act(() => {
      resumeDraft(
        sessionStorage,
        { userId: 8, merchantId: 4 },
        '/refund/request',
        document.getElementById(PAGE_MAIN_ID),
      );
    });
    expect(state()).toMatchObject({ amount: '' });
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    keepDraft(sessionStorage, OWNER, HREF, null);
    resumeDraft(sessionStorage, OWNER, '/top', document.getElementById(PAGE_MAIN_ID));
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('never leads off the site: a draft whose page is not a local path is dropped', () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...OWNER, href: '//evil.example/top', fields: [] }));
    expect(draftHrefFor(sessionStorage, OWNER)).toBeNull();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    sessionStorage.setItem(DRAFT_KEY, 'not json');
    expect(readDraft(sessionStorage)).toBeNull();
  });
});
