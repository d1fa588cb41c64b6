import { ERROR_MESSAGES } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { type ApiClientOptions, createApiClient, loadCallSchemas, type SessionBridge } from './client';
import { ApiError, NetworkError, NoCredentialsError, UnexpectedResponseError } from './errors';

const BASE = 'http://api.test/api';
const WALLET_NO = '1234567890';

interface Recorded {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
  signal?: AbortSignal;
}

type Responder = (request: Recorded) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const walletBody = { wallet_no: WALLET_NO, balances: [] };
const refreshed = (n: number) => json(200, { reauth_token: `reauth-${n}` }, { Authorization: `Bearer fresh-${n}` });

/** A fake fetch that records every request and answers through `respond`. */
function fakeFetch(respond: Responder) {
  const requests: Recorded[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: Recorded = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return respond(request);
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** An in-memory session bridge. */
function fakeSession(initial: { authorization?: string | null; stored?: boolean } = {}) {
  const state = {
    authorization: initial.authorization === undefined ? 'Bearer old' : initial.authorization,
    stored: initial.stored === false ? null : { reauthToken: 'reauth-0', popinfoId: 'popinfo-1' },
    rejected: 0,
    reasons: [] as (string | undefined)[],
  };
  const bridge: SessionBridge = {
    getAuthorization: () => state.authorization,
    setAuthorization: (value) => {
      state.authorization = value;
    },
    readRefreshCredentials: () => state.stored,
    storeReauthToken: (reauthToken) => {
      if (state.stored) state.stored = { ...state.stored, reauthToken };
    },
    onRefreshRejected: (reason) => {
      state.rejected += 1;
      state.reasons.push(reason);
      state.authorization = null;
      state.stored = null;
    },
  };
  return { bridge, state };
}

function setup(respond: Responder, options: Partial<ApiClientOptions> & { session?: SessionBridge } = {}) {
  const fake = fakeFetch(respond);
  const session = options.session ?? fakeSession().bridge;
  let tick = 0;
  const client = createApiClient({
    baseUrl: () => BASE,
    timeoutMs: () => options.timeoutMs?.() ?? 1000,
    session,
    fetch: fake.fetch,
    cacheBust: () => `t${++tick}`,
    ...(options.loadSchemas ? { loadSchemas: options.loadSchemas } : {}),
    ...(options.isLeavingPage ? { isLeavingPage: options.isLeavingPage } : {}),
    ...(options.onStepUpRequired ? { onStepUpRequired: options.onStepUpRequired } : {}),
    ...(options.onTwoStepEnrolmentRequired ? { onTwoStepEnrolmentRequired: options.onTwoStepEnrolmentRequired } : {}),
  });
  return { client, requests: fake.requests };
}

const isRefresh = (r: Recorded) => r.url.pathname === '/api/sessions/refresh';

describe('api client', () => {
  it('sends the cache-busting parameter and the Authorization header on every call, with query and JSON body', async () => {
    const { client, requests } = setup((r) =>
      r.url.pathname.endsWith('/merchant')
        ? json(200, { merchant_roles: [], identity: { user_id: 1 } })
        : json(200, { items: [], total: 0, limit: 20, offset: 1 }),
    );
    await client.call('listWalletHistories', {
      params: { wallet_no: WALLET_NO },
      query: { start_date: '2025-04-01', end_date: '2025-04-30', limit: 20, offset: 2, type: undefined },
    });
    await client.call('createMerchantSession', {
      body: { email: 'a@example.com', password: 'pw', platform: 'web' },
    });

    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.url.searchParams.get('_')).toMatch(/^t\d+$/);
      expect(request.headers.get('Authorization')).toBe('Bearer old');
    }
    const [histories, signIn] = requests as [Recorded, Recorded];
    expect(histories.url.pathname).toBe(`/api/wallets/${WALLET_NO}/histories`);
    expect(Object.fromEntries(histories.url.searchParams)).toMatchObject({
      start_date: '2025-04-01',
      end_date: '2025-04-30',
      limit: '20',
      offset: '2',
    });
    expect(histories.url.searchParams.has('type')).toBe(false);
    expect(signIn.method).toBe('POST');
    expect(signIn.headers.get('Content-Type')).toBe('application/json');
    expect(signIn.body).toEqual({ email: 'a@example.com', password: 'pw', platform: 'web' });
  });

  it('leaves the Authorization header out when the session has none', async () => {
    const { client, requests } = setup(() => json(200, walletBody), {
      session: fakeSession({ authorization: null }).bridge,
    });
    await client.call('getWallet', { params: { wallet_no: WALLET_NO } });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.url.searchParams.has('_')).toBe(true);
  });

  it('rejects with the §8 timeout message when the server does not answer in time', async () => {
    const { client, requests } = setup(
      (r) =>
        new Promise<Response>((_, reject) => {
          r.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      { timeoutMs: () => 20 },
    );
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).rejects.toThrow(
      ERROR_MESSAGES.timeout,
    );
    expect(requests.filter(isRefresh)).toHaveLength(0);
  });

  it('refreshes and retries once when fetch fails without a response; the retry carries the new authorization', async () => {
    let walletCalls = 0;
    const session = fakeSession();
    const { client, requests } = setup(
      (r) => {
        if (isRefresh(r)) return refreshed(1);
        walletCalls += 1;
        if (walletCalls === 1) throw new TypeError('Failed to fetch');
        return json(200, walletBody);
      },
      { session: session.bridge },
    );
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).resolves.toEqual(walletBody);

    expect(requests.map((r) => r.url.pathname)).toEqual([
      `/api/wallets/${WALLET_NO}`,
      '/api/sessions/refresh',
      `/api/wallets/${WALLET_NO}`,
    ]);
    expect(requests[1]?.body).toEqual({ reauth_token: 'reauth-0', popinfo_id: 'popinfo-1', platform: 'web' });
    expect(requests[1]?.url.searchParams.has('_')).toBe(true);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer old');
    expect(requests[2]?.headers.get('Authorization')).toBe('Bearer fresh-1');
    expect(session.state.authorization).toBe('Bearer fresh-1');
    expect(session.state.stored?.reauthToken).toBe('reauth-1');
  });

  it('refreshes and retries once when the server answers 401 token_expired', async () => {
    const { client, requests } = setup((r) => {
      if (isRefresh(r)) return refreshed(2);
      return r.headers.get('Authorization') === 'Bearer fresh-2'
        ? json(200, walletBody)
        : json(401, { type: 'token_expired', message: 'expired' });
    });
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).resolves.toEqual(walletBody);
    expect(requests.filter(isRefresh)).toHaveLength(1);
    expect(requests.at(-1)?.headers.get('Authorization')).toBe('Bearer fresh-2');
  });

  it('does not refresh on another 401: passes it through and ends the sign-in', async () => {
    const session = fakeSession();
    const { client, requests } = setup(() => json(401, { type: 'unauthorized', message: 'no' }), {
      session: session.bridge,
    });
    const error = await client.call('getWallet', { params: { wallet_no: WALLET_NO } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(requests.filter(isRefresh)).toHaveLength(0);
    expect(session.state.rejected).toBe(1);
    expect(session.state.reasons).toEqual([undefined]);
  });

  it('a 401 session_timed_out ends the sign-in for inactivity (issue 48), for call() and open()', async () => {
    const session = fakeSession();
    const { client, requests } = setup(() => json(401, { type: 'session_timed_out', message: '一定時間' }), {
      session: session.bridge,
    });
    const error = await client.call('getWallet', { params: { wallet_no: WALLET_NO } }).catch((e: unknown) => e);
    expect((error as ApiError).body.type).toBe('session_timed_out');
    await client.open('getWallet', { params: { wallet_no: WALLET_NO } }).catch(() => {});
    expect(requests.filter(isRefresh)).toHaveLength(0);
    expect(session.state.reasons).toEqual(['idle', 'idle']);
  });

  it('a 403 passes through without ending the sign-in', async () => {
    const session = fakeSession();
    const { client } = setup(() => json(403, { type: 'forbidden', message: 'no' }), { session: session.bridge });
    const error = await client.call('getWallet', { params: { wallet_no: WALLET_NO } }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(403);
    expect(session.state.rejected).toBe(0);
  });

  it('refresh answered 400: clears the session, sends the user to Login and rejects with 認証エラーです', async () => {
    const session = fakeSession();
    const { client } = setup(
      (r) => {
        if (isRefresh(r)) return json(400, { type: 'invalid_reauth_token', message: 'bad' });
        throw new TypeError('Failed to fetch');
      },
      { session: session.bridge },
    );
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).rejects.toThrow(
      ERROR_MESSAGES.authError,
    );
    expect(session.state.rejected).toBe(1);
    expect(session.state.stored).toBeNull();
  });

  it.each([
    ['a 500 answer', () => json(500, { type: 'internal', message: 'boom' })],
    ['a 401 answer', () => json(401, { type: 'unauthorized', message: 'no' })],
    [
      'no response',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('other refresh failures (%s) reject with the network message', async (_, refreshAnswer) => {
    const session = fakeSession();
    const { client } = setup(
      (r) => (isRefresh(r) ? refreshAnswer() : json(401, { type: 'token_expired', message: '' })),
      {
        session: session.bridge,
      },
    );
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).rejects.toThrow(
      ERROR_MESSAGES.network,
    );
    expect(session.state.rejected).toBe(0);
  });

  it('rejects with "no credentials" when no token is stored', async () => {
    const { client, requests } = setup(() => json(401, { type: 'token_expired', message: '' }), {
      session: fakeSession({ stored: false }).bridge,
    });
    await expect(client.refresh()).rejects.toBeInstanceOf(NoCredentialsError);
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).rejects.toBeInstanceOf(
      NoCredentialsError,
    );
    expect(requests.filter(isRefresh)).toHaveLength(0);
  });

  it.each([
    [403, { type: 'forbidden', message: '権限がありません' }],
    [422, { type: 'unprocessable', message: '残高が不足しています', field: 'amount' }],
    [404, { type: 'not_found', message: '見つかりません' }],
  ])('passes a %i answer through with its status and body', async (status, body) => {
    const { client } = setup(() => json(status, body));
    const error = await client.call('getWallet', { params: { wallet_no: WALLET_NO } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).body).toEqual(body);
    expect((error as ApiError).message).toBe(body.message);
  });

  it('concurrent failures share one refresh', async () => {
    // The refresh answers only once all four calls have been refused: each of them needs one then.
    let refused = 0;
    let allRefused: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      allRefused = resolve;
    });
    const { client, requests } = setup(async (r) => {
      if (isRefresh(r)) {
        await gate;
        return refreshed(3);
      }
      if (r.headers.get('Authorization') === 'Bearer fresh-3') return json(200, walletBody);
      if (++refused === 4) allRefused();
      return json(401, { type: 'token_expired', message: '' });
    });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => client.call('getWallet', { params: { wallet_no: WALLET_NO } })),
    );
    expect(results).toEqual(Array.from({ length: 4 }, () => walletBody));
    expect(requests.filter(isRefresh)).toHaveLength(1);
  });

  it('takes the Authorization answered by sign-in', async () => {
    const session = fakeSession({ authorization: null });
    const { client } = setup(
      () => json(200, { merchant_roles: [], identity: { user_id: 1 } }, { Authorization: 'Bearer signed-in' }),
      { session: session.bridge },
    );
    await client.call('createMerchantSession', { body: { email: 'a@example.com', password: 'pw', platform: 'web' } });
    expect(session.state.authorization).toBe('Bearer signed-in');
  });

  it('does not refresh public calls on a network failure', async () => {
    const { client, requests } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      client.call('createMerchantSession', { body: { email: 'a@example.com', password: 'pw', platform: 'web' } }),
    ).rejects.toThrow(ERROR_MESSAGES.network);
    expect(requests.filter(isRefresh)).toHaveLength(0);
  });

  it('does not refresh for requests the browser aborts while the page is being left', async () => {
    let leaving = false;
    const { client, requests } = setup(
      () => {
        throw new TypeError('Failed to fetch');
      },
      { isLeavingPage: () => leaving },
    );
    leaving = true;
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).rejects.toThrow(
      ERROR_MESSAGES.network,
    );
    expect(requests.filter(isRefresh)).toHaveLength(0);
    leaving = false;
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).rejects.toThrow();
    expect(requests.filter(isRefresh)).toHaveLength(1);
  });

  it("rejects an answer that does not match the call's response schema", async () => {
    const { client } = setup(() => json(200, { wallet_no: 'not ten digits', balances: [] }));
    await expect(client.call('getWallet', { params: { wallet_no: WALLET_NO } })).rejects.toBeInstanceOf(
      UnexpectedResponseError,
    );
  });

  it('parses an address outside the call table with the picked schema', async () => {
    const notice = { id: 1, revision: 2, title: 't', body: 'b', published_at: '2025-04-01T00:00:00Z' };
    const { client, requests } = setup(() => json(200, { items: [notice], extra: true }));
    const answer = await client.getUrl('http://feed.test/notices', (schemas) => schemas.CALLS.listNotices.response);
    expect(answer).toEqual({ items: [notice] });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends the request while the schemas are still loading', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, requests } = setup(() => json(200, walletBody), {
      loadSchemas: () => gate.then(loadCallSchemas),
    });
    const answer = client.call('getWallet', { params: { wallet_no: WALLET_NO } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(1);
    release();
    await expect(answer).resolves.toEqual(walletBody);
  });

  it('rejects with the network message when the schemas cannot be loaded', async () => {
    const { client } = setup(() => json(200, walletBody), {
      loadSchemas: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    const answer = client.call('getWallet', { params: { wallet_no: WALLET_NO } });
    await expect(answer).rejects.toBeInstanceOf(NetworkError);
    await expect(answer).rejects.toThrow(ERROR_MESSAGES.network);
  });

  it('leaves no unhandled rejection when both the request and the schemas fail', async () => {
    const { client } = setup(
      () => {
        throw new TypeError('Failed to fetch');
      },
      { loadSchemas: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) },
    );
    await expect(
      client.call('createMerchantSession', { body: { email: 'a@example.com', password: 'pw', platform: 'web' } }),
    ).rejects.toBeInstanceOf(NetworkError);
  });

  it('sends extra headers (an Idempotency-Key) and the same ones again on the retry after a refresh', async () => {
    let walletCalls = 0;
    const { client, requests } = setup((r) => {
      if (isRefresh(r)) return refreshed(3);
      walletCalls += 1;
      if (walletCalls === 1) throw new TypeError('Failed to fetch');
      return json(200, walletBody);
    });
    await client.call('getWallet', { params: { wallet_no: WALLET_NO }, headers: { 'Idempotency-Key': 'key-1' } });
    const calls = requests.filter((r) => !isRefresh(r));
    expect(calls).toHaveLength(2);
    expect(calls.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['key-1', 'key-1']);
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer fresh-3');
    expect(requests.find(isRefresh)?.headers.has('Idempotency-Key')).toBe(false);
  });

  it('sends a FormData body as it is, leaving the multipart Content-Type to the browser', async () => {
    const texts = { name: '店', description: '', postal_code: '', prefecture: '', city: '', street: '', phone: '' };
    const profile = {
      merchant_id: 3,
      ...texts,
      business_hours: '',
      invoice_registration_no: '',
      status: 'OPEN',
      tags: [],
      updated_at: 'x',
    };
    const { client, requests } = setup(() => json(200, { ...profile, thumbnail_url: null, image_url: null }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client.call('uploadMerchantImage', { params: { id: 3 }, body: form });
    expect(requests[0]?.body).toBe(form);
    expect(requests[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('beacon() sends at once with keepalive and the given Authorization, without refreshing or waiting', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const signedOut = fakeSession({ authorization: null, stored: false });
    const client = createApiClient({
      baseUrl: () => BASE,
      timeoutMs: () => 1000,
      session: signedOut.bridge,
      fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
        sent.push({ url: String(input), init });
        return json(401, { type: 'token_expired', message: '' });
      }) as typeof fetch,
    });
    client.beacon('endSession', { headers: { Authorization: 'Bearer leaving' } });
    // Sent synchronously: the page may be gone a moment later.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toMatch(/^http:\/\/api\.test\/api\/sessions\/current\?/);
    expect(sent[0]?.init).toMatchObject({ method: 'DELETE', keepalive: true });
    expect(new Headers(sent[0]?.init.headers).get('Authorization')).toBe('Bearer leaving');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The 401 is not followed by a refresh, and ends nothing.
    expect(sent).toHaveLength(1);
    expect(signedOut.state.rejected).toBe(0);
  });

  it('beacon() swallows a fetch that throws at once', () => {
    const client = createApiClient({
      baseUrl: () => BASE,
      timeoutMs: () => 1000,
      session: fakeSession().bridge,
      fetch: (() => {
        throw new TypeError('no network');
      }) as typeof fetch,
    });
    expect(() => client.beacon('endSession')).not.toThrow();
  });

  it('open() hands back the response unread, with the Authorization header and cache-busting parameter', async () => {
    const { client, requests } = setup(() => new Response('a,b\r\n1,2\r\n', { status: 200 }));
    const response = await client.open('downloadCsv', {
      params: { id: 3, report: 'histories' },
      query: { start_date: '2025-04-01', end_date: '2025-04-30', encoding: 'utf8' },
    });
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('a,b\r\n1,2\r\n');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer old');
    expect(requests[0]?.url.searchParams.get('encoding')).toBe('utf8');
    expect(requests[0]?.url.searchParams.has('_')).toBe(true);
  });

  it('open() refreshes and retries once on 401 token_expired', async () => {
    const { client, requests } = setup((r) => {
      if (isRefresh(r)) return refreshed(4);
      return r.headers.get('Authorization') === 'Bearer fresh-4'
        ? new Response('csv', { status: 200 })
        : json(401, { type: 'token_expired', message: 'expired' });
    });
    const response = await client.open('getWallet', { params: { wallet_no: WALLET_NO } });
    expect(await response.text()).toBe('csv');
    expect(requests.filter(isRefresh)).toHaveLength(1);
  });

  it('open() rejects an error status with the server body passed through', async () => {
    const { client } = setup(() => json(422, { type: 'unprocessable', message: '期間が長すぎます' }));
    const error = await client.open('getWallet', { params: { wallet_no: WALLET_NO } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).body.message).toBe('期間が長すぎます');
  });

  it("types each call's params, query and body from the contract (checked by tsc: each line must stay an error)", () => {
    const { client } = setup(() => json(200, walletBody));
    const history = { start_date: '2025-04-01', end_date: '2025-04-30' };
    const misuses = () => [
      // @ts-expect-error: getWallet needs its wallet_no.
      client.call('getWallet'),
      // @ts-expect-error: the path parameter is wallet_no, not id.
      client.call('getWallet', { params: { id: 1 } }),
      // @ts-expect-error: a day is a string.
      client.call('listWalletHistories', { params: { wallet_no: WALLET_NO }, query: { ...history, end_date: 1 } }),
      // @ts-expect-error: a transaction type the contract does not know.
      client.call('listWalletHistories', { params: { wallet_no: WALLET_NO }, query: { ...history, type: 'GIFT' } }),
      // @ts-expect-error: the refund body needs its amount.
      client.call('createRefund', { params: { wallet_no: WALLET_NO }, body: { transaction_id: 1 } }),
      // @ts-expect-error: only the uploads take a FormData.
      client.call('getWallet', { params: { wallet_no: WALLET_NO }, body: new FormData() }),
      // @ts-expect-error: an upload takes no JSON.
      client.call('uploadMerchantImage', { params: { id: 1 }, body: { file: 'a.png' } }),
      // @ts-expect-error: the CSV download needs its period.
      client.open('downloadCsv', { params: { id: 1, report: 'histories' } }),
      // @ts-expect-error: logging out takes no body.
      client.beacon('endSession', { body: {} }),
    ];
    expect(misuses).toBeTypeOf('function');
  });
});

describe('step-up (trust)', () => {
  const statusBody = { status: 'CLOSED' } as const;
  const stepUpRefusal = () =>
    json(403, { type: 'step_up_required', message: 'この操作の前に、パスワードで本人確認をしてください' });

  it('asks for a proof of that change, sends it again with the proof, and forgets the proof once spent', async () => {
    let asked: unknown[] = [];
    const { client, requests } = setup(
      (request) =>
        request.headers.get('Step-Up-Token') === 'proof-1'
          ? json(200, { merchant_id: 7, status: 'CLOSED' })
          : stepUpRefusal(),
      {
        onStepUpRequired: async (need) => {
          asked = [...asked, need];
          return 'proof-1';
        },
      },
    );
    // (The fake answer is not a whole merchant: the client's schema check refuses it, after the proof is spent.)
    await client.call('updateMerchantStatus', { params: { id: 7 }, body: statusBody }).catch(() => undefined);
    expect(asked).toEqual([{ purpose: 'merchant_status', merchantId: 7 }]);
    expect(requests.map((r) => r.body)).toEqual([statusBody, statusBody]);
    expect(requests.map((r) => r.headers.get('Step-Up-Token'))).toEqual([null, 'proof-1']);
    // Spent by the change: the next one asks again.
    await client.call('updateMerchantStatus', { params: { id: 7 }, body: statusBody }).catch(() => undefined);
    expect(requests[2]?.headers.get('Step-Up-Token')).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('keeps the proof of a two-call change for its second call', async () => {
    const { client, requests } = setup(
      (request) => {
        if (request.headers.get('Step-Up-Token') !== 'proof-1') return stepUpRefusal();
        return request.method === 'POST'
          ? json(200, { secret: 'S', otpauth_url: 'otpauth://totp/x' })
          : json(200, { recovery_codes: null });
      },
      { onStepUpRequired: async () => 'proof-1' },
    );
    await client.call('startTotp', { params: { id: 3 } });
    await client.call('confirmTotp', { params: { id: 3 }, body: { code: '123456' } });
    expect(requests.map((r) => r.headers.get('Step-Up-Token'))).toEqual([null, 'proof-1', 'proof-1']);
  });

  it('passes the refusal on when the user cancels, without sending it again', async () => {
    const { client, requests } = setup(stepUpRefusal, { onStepUpRequired: async () => null });
    const failure = await client
      .call('updateMerchantStatus', { params: { id: 7 }, body: statusBody })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).body.type).toBe('step_up_required');
    expect(requests).toHaveLength(1);
  });
});

describe('two-step enrolment required (issue 24)', () => {
  const enrolmentRefusal = () =>
    json(403, { type: 'two_step_enrolment_required', message: 'この加盟店では2段階認証が必須です' });

  it('reports a merchant call refused for want of a second factor, and still passes the refusal on', async () => {
    let reported = 0;
    const { client, requests } = setup(enrolmentRefusal, {
      onTwoStepEnrolmentRequired: () => {
        reported += 1;
      },
    });
    const failure = await client
      .call('getWallet', { params: { wallet_no: WALLET_NO } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).body.type).toBe('two_step_enrolment_required');
    expect(reported).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('reports a refused download too, and nothing for another 403', async () => {
    let reported = 0;
    const onTwoStepEnrolmentRequired = () => {
      reported += 1;
    };
    const refusing = setup(enrolmentRefusal, { onTwoStepEnrolmentRequired });
    await refusing.client.open('getWallet', { params: { wallet_no: WALLET_NO } }).catch(() => undefined);
    expect(reported).toBe(1);

    const forbidding = setup(() => json(403, { type: 'forbidden', message: 'no' }), { onTwoStepEnrolmentRequired });
    await forbidding.client.call('getWallet', { params: { wallet_no: WALLET_NO } }).catch(() => undefined);
    expect(reported).toBe(1);
  });
});
