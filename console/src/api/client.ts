import {
  CACHE_BUST_PARAM,
  CALL_ENDPOINTS,
  type CallEndpoint,
  type CallId,
  type CallParams,
  type CallQuery,
  type CallRequestBody,
  type CallResponse,
  callPath,
  PLATFORM,
  STEP_UP_HEADER,
  type StepUpPurpose,
} from '@coin/contract';
import type { z } from 'zod';
import {
  ApiError,
  type ApiErrorBody,
  AuthError,
  NetworkError,
  NoCredentialsError,
  TimeoutError,
  UnexpectedResponseError,
} from './errors';

const importCalls = () => import('@coin/contract/calls');
export type CallSchemas = Awaited<ReturnType<typeof importCalls>>;

let callSchemas: Promise<CallSchemas> | undefined;

/**
 * The contract's call table with its zod schemas. It is a chunk of its own, fetched when the first
 * answer is parsed (main.tsx prefetches it once the first page has rendered), so neither zod nor
 * the schemas weigh on the first load. The modules it is built from (CALL_SCHEMA_PARTS, a chunk of
 * their own list) are requested together and built as each arrives, in tasks of their own, before the
 * table itself. A load that fails is forgotten, so that the next call tries again.
 */
export function loadCallSchemas(): Promise<CallSchemas> {
  callSchemas ??= import('@coin/contract/callSchemaParts')
    .then(({ CALL_SCHEMA_PARTS }) => Promise.all(CALL_SCHEMA_PARTS.map((load) => load())))
    .then(importCalls)
    .catch((error: unknown) => {
      callSchemas = undefined;
      throw error;
    });
  return callSchemas;
}

/** Picks the schema an answer is parsed with from the lazily loaded call schemas. */
export type SchemaPick<T> = (schemas: CallSchemas) => z.ZodType<T>;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Why the server ended the sign-in, where Login says more than the generic authentication error. */
export type SignOutReason = 'idle';

/** What the client needs from the session; the session store implements it (kept abstract for tests). */
export interface SessionBridge {
  /** The `Authorization` value held in memory, if any. */
  getAuthorization(): string | null;
  /** A sign-in, refresh or merchant switch answered a new `Authorization` header. */
  setAuthorization(value: string): void;
  /** The reauth token and popinfo id as stored right now (read from storage at refresh time). */
  readRefreshCredentials(): { reauthToken: string; popinfoId: string } | null;
  /** A refresh rotated the reauth token. */
  storeReauthToken(reauthToken: string): void;
  /**
   * A refresh was refused with 400, or a call still with 401 after any refresh: clear the session and send
   * the user to Login with authError. `idle`: the server ended the sign-in for inactivity (issue 48).
   */
  onRefreshRejected(reason?: SignOutReason): void;
}

export interface ApiClientOptions {
  /** Read at each call, so the runtime configuration can arrive after the client is built. */
  baseUrl: () => string;
  timeoutMs: () => number;
  session: SessionBridge;
  fetch?: typeof fetch;
  /** The cache-busting value; Date.now() unless a test fixes it. */
  cacheBust?: () => string | number;
  /** Loads the call schemas; loadCallSchemas unless a test replaces it. */
  loadSchemas?: () => Promise<CallSchemas>;
  /**
   * True while the page is being left. The browser then aborts the page's requests; a refresh started
   * for them would spend the reauth token and lose its successor with the page.
   */
  isLeavingPage?: () => boolean;
  /**
   * Trust: a change the server refused for want of a proof (403 `step_up_required`) is retried once if
   * this resolves a proof's token (the user proved themselves for that change: the signed-in shell's
   * dialog, stepUp.ts); null (cancelled) passes the refusal on. The request is sent again as it was,
   * with the proof: nothing typed is lost. The proof stays in this client (this tab) only until the
   * change it was made for has been made (issue 45).
   */
  onStepUpRequired?: (need: StepUpNeed) => Promise<string | null>;
  /**
   * A merchant that requires two-step sign-in refused a call of a user without a second factor (403
   * `two_step_enrolment_required`, issue 24): the console takes the user to enrol. The refusal is still
   * passed on to the caller.
   */
  onTwoStepEnrolmentRequired?: () => void;
}

/** An object with nothing required: what a part, or the options, must accept to be optional. */
type NothingRequired = Record<never, never>;

/** A request part named `Name`: absent where the call has none (`never`), optional where all of it may be left out. */
type Part<Name extends string, T> = [T] extends [never]
  ? { [P in Name]?: never }
  : NothingRequired extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

/** The body: the contract's JSON, or a `FormData` for the multipart uploads (`consumes` in the contract). */
type BodyOf<K extends CallId> = (typeof CALL_ENDPOINTS)[K] extends { consumes: 'multipart/form-data' }
  ? FormData
  : CallRequestBody<K>;

/** One call's request, typed by the contract's call table (each union member of K on its own). */
export type CallOptions<K extends CallId> = K extends CallId
  ? Part<'params', CallParams<K>> &
      Part<'query', CallQuery<K>> &
      Part<'body', BodyOf<K>> & {
        signal?: AbortSignal;
        /** Extra request headers (an `Idempotency-Key`); they are sent again on the retry after a refresh. */
        headers?: Readonly<Record<string, string>>;
      }
  : never;

/** The options argument, which may be left out where the call needs no params, query or body. */
type CallArgs<K extends CallId> =
  NothingRequired extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** What the client does with any call's options, whatever its types. */
interface AnyCallOptions {
  params?: Record<string, string | number>;
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

export interface UrlRequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  /** Send the in-memory Authorization header (only for addresses of our own API). */
  withAuthorization?: boolean;
}

export interface ApiClient {
  /** Make one of the contract's calls; the answer is parsed with its response schema. */
  call<K extends CallId>(id: K, ...options: CallArgs<K>): Promise<CallResponse<K>>;
  /** GET an address outside the call table (the configured notice feed), parsed with the picked schema. */
  getUrl<T>(url: string, schema: SchemaPick<T>, options?: UrlRequestOptions): Promise<T>;
  /**
   * Make a call whose answer is not JSON (a CSV download) and hand back the response to be read as a
   * stream. The timeout covers the wait for the headers only; an error status throws as `call` does.
   */
  open<K extends CallId>(id: K, ...options: CallArgs<K>): Promise<Response>;
  /** Obtain a fresh authorization from the stored reauth token; concurrent callers share one refresh. */
  refresh(): Promise<void>;
  /**
   * Send a call without waiting for its answer or reading it, with `keepalive` so it outlives the page
   * (logout). Headers are taken at once; nothing is retried or refreshed, and a failure is ignored.
   */
  beacon<K extends CallId>(id: K, ...options: CallArgs<K>): void;
}

/** What a change needs a proof for: its purpose, in a merchant (null: the user's own account). */
export interface StepUpNeed {
  purpose: StepUpPurpose;
  merchantId: number | null;
}

const stepUpKey = (need: StepUpNeed) => `${need.purpose}:${need.merchantId ?? ''}`;

/** A call's step-up need, from the contract (the merchant from its path), or null when it needs none. */
function stepUpNeedOf(def: CallEndpoint, params: Record<string, string | number>): StepUpNeed | null {
  if (!def.stepUp) return null;
  return { purpose: def.stepUp, merchantId: def.access.kind === 'merchant' ? Number(params.id) : null };
}

interface PreparedRequest {
  method: string;
  url: string;
  query: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  withAuthorization: boolean;
  issuesAuthorization: boolean;
  headers?: Readonly<Record<string, string>>;
  accept?: string;
  /** A change that needs a proof: the proof this tab holds for it is sent along. */
  stepUp?: StepUpNeed;
  /** The change spends its proof when it succeeds (every step-up call but the first of a two-call change). */
  spendsProof?: boolean;
}

interface RawResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

/** fetch rejected without a response (and not because of our timeout or the caller's abort). */
class NoResponse extends Error {
  constructor(cause: unknown) {
    super('no response', { cause });
  }
}

const AUTHORIZATION = 'Authorization';

export function serializeQuery(query: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  return params.toString();
}

function withQuery(url: string, query: QueryParams): string {
  const serialized = serializeQuery(query);
  if (!serialized) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${serialized}`;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorBody(status: number, text: string): ApiErrorBody {
  const parsed = parseJson(text);
  if (parsed && typeof parsed === 'object') {
    const { type, message, field } = parsed as Record<string, unknown>;
    if (typeof type === 'string') {
      return {
        type,
        message: typeof message === 'string' ? message : '',
        ...(typeof field === 'string' ? { field } : {}),
      };
    }
  }
  return { type: status >= 500 ? 'internal' : 'unknown', message: text || `HTTP ${status}` };
}

/**
 * Tabs sharing localStorage refresh one at a time, each reading the token inside the lock, so a second
 * tab never presents the token the first has just spent (which would revoke the whole sign-in).
 */
function acrossTabs(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('coin-console-session-refresh', task) : task();
}

const isTokenExpired = (response: RawResponse) =>
  response.status === 401 && errorBody(response.status, response.text).type === 'token_expired';

/** A 401 ending the sign-in: for inactivity (`session_timed_out`, issue 48), or for another reason. */
const signOutReasonOf = (failure: RawResponse): SignOutReason | undefined =>
  errorBody(failure.status, failure.text).type === 'session_timed_out' ? 'idle' : undefined;

const isEnrolmentRequired = (failure: RawResponse) =>
  failure.status === 403 && errorBody(failure.status, failure.text).type === 'two_step_enrolment_required';
const isStepUpRequired = (failure: RawResponse) =>
  failure.status === 403 && errorBody(failure.status, failure.text).type === 'step_up_required';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const cacheBust = options.cacheBust ?? (() => Date.now());
  const loadSchemas = options.loadSchemas ?? loadCallSchemas;
  const { session } = options;
  let refreshing: Promise<void> | null = null;
  /** Step-up proofs this tab holds, by purpose and merchant: each until its change is made. */
  const heldProofs = new Map<string, string>();

  /** Starts loading a schema; a chunk that cannot be fetched is a network failure. */
  function loadSchema<T>(pick: SchemaPick<T>): Promise<z.ZodType<T>> {
    const loading = loadSchemas().then(pick, (error: unknown) => {
      throw new NetworkError(error);
    });
    // Awaited only once the answer is in; a failed exchange must not leave it unhandled.
    loading.catch(() => {});
    return loading;
  }

  const apiUrl = (path: string) => `${options.baseUrl().replace(/\/+$/, '')}${path}`;

  const requestUrl = (request: PreparedRequest) =>
    withQuery(request.url, { ...request.query, [CACHE_BUST_PARAM]: cacheBust() });

  /** Method, headers (read at each send: a retry carries the refreshed authorization) and body. */
  function requestInit(request: PreparedRequest): RequestInit {
    const headers = new Headers(request.headers);
    headers.set('Accept', request.accept ?? 'application/json');
    const authorization = request.withAuthorization ? session.getAuthorization() : null;
    if (authorization) headers.set(AUTHORIZATION, authorization);
    const proof = request.stepUp ? heldProofs.get(stepUpKey(request.stepUp)) : undefined;
    if (proof) headers.set(STEP_UP_HEADER, proof);
    let body: string | FormData | undefined;
    if (request.body instanceof FormData) {
      // Uploads: the browser writes the multipart Content-Type with its boundary.
      body = request.body;
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    return { method: request.method, headers, body };
  }

  /** Sends and hands back the response once its headers are in; the caller reads the body. */
  async function openOnce(request: PreparedRequest): Promise<Response> {
    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort();
    }, options.timeoutMs());
    const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
    try {
      return await fetchImpl(requestUrl(request), { ...requestInit(request), signal });
    } catch (error) {
      if (timedOut) throw new TimeoutError();
      if (request.signal?.aborted) throw error;
      throw new NoResponse(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function openOrNetworkError(request: PreparedRequest): Promise<Response> {
    try {
      return await openOnce(request);
    } catch (error) {
      throw error instanceof NoResponse ? new NetworkError(error.cause) : error;
    }
  }

  /** An error answer of a streamed call, its body read as text. */
  async function streamError(response: Response): Promise<RawResponse> {
    return { status: response.status, ok: false, headers: response.headers, text: await response.text() };
  }

  /** One HTTP exchange under the timeout; the body is read inside it too. */
  async function sendOnce(request: PreparedRequest): Promise<RawResponse> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs());
    const forwardAbort = () => controller.abort(request.signal?.reason);
    if (request.signal?.aborted) forwardAbort();
    request.signal?.addEventListener('abort', forwardAbort);

    try {
      const response = await fetchImpl(requestUrl(request), { ...requestInit(request), signal: controller.signal });
      const text = await response.text();
      return { status: response.status, ok: response.ok, headers: response.headers, text };
    } catch (error) {
      if (timedOut) throw new TimeoutError();
      if (request.signal?.aborted) throw error;
      throw new NoResponse(error);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  function takeAuthorization(request: PreparedRequest, response: RawResponse) {
    if (!request.issuesAuthorization || !response.ok) return;
    const authorization = response.headers.get(AUTHORIZATION);
    if (authorization) session.setAuthorization(authorization);
  }

  async function doRefresh(): Promise<void> {
    const credentials = session.readRefreshCredentials();
    if (!credentials) throw new NoCredentialsError();
    const def = CALL_ENDPOINTS.refreshSession;
    const schema = loadSchema((schemas) => schemas.CALLS.refreshSession.response);
    const request: PreparedRequest = {
      method: def.method,
      url: apiUrl(def.path),
      query: {},
      body: { reauth_token: credentials.reauthToken, popinfo_id: credentials.popinfoId, platform: PLATFORM },
      withAuthorization: true,
      issuesAuthorization: true,
    };
    let response: RawResponse;
    try {
      response = await sendOnce(request);
    } catch (error) {
      throw new NetworkError(error);
    }
    if (response.status === 400) {
      session.onRefreshRejected();
      throw new AuthError();
    }
    if (!response.ok) throw new NetworkError(new ApiError(response.status, errorBody(response.status, response.text)));
    const parsed = (await schema).safeParse(parseJson(response.text));
    if (!parsed.success) throw new NetworkError(parsed.error);
    takeAuthorization(request, response);
    session.storeReauthToken(parsed.data.reauth_token);
  }

  function refresh(): Promise<void> {
    refreshing ??= acrossTabs(doRefresh).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function sendOrNetworkError(request: PreparedRequest): Promise<RawResponse> {
    try {
      return await sendOnce(request);
    } catch (error) {
      throw error instanceof NoResponse ? new NetworkError(error.cause) : error;
    }
  }

  /** Send; on a missing response or an expired token, refresh the session and retry once. */
  async function exchange(request: PreparedRequest, retryable: boolean): Promise<RawResponse> {
    let response: RawResponse;
    try {
      response = await sendOnce(request);
    } catch (error) {
      if (!(error instanceof NoResponse)) throw error;
      if (!retryable || options.isLeavingPage?.()) throw new NetworkError(error.cause);
      await refresh();
      return sendOrNetworkError(request);
    }
    if (retryable && isTokenExpired(response)) {
      await refresh();
      return sendOrNetworkError(request);
    }
    return response;
  }

  async function perform<T>(request: PreparedRequest, pick: SchemaPick<T>, retryable: boolean): Promise<T> {
    // The schema chunk loads while the request is under way.
    const schema = loadSchema(pick);
    let response = await exchange(request, retryable);
    if (retryable && request.stepUp && isStepUpRequired(response)) {
      // None held, spent or expired: the user proves themselves for this change, and it is sent again.
      const key = stepUpKey(request.stepUp);
      heldProofs.delete(key);
      const proof = options.onStepUpRequired ? await options.onStepUpRequired(request.stepUp) : null;
      if (proof) {
        heldProofs.set(key, proof);
        response = await exchange(request, retryable);
      }
    }
    if (response.ok && request.stepUp && request.spendsProof) heldProofs.delete(stepUpKey(request.stepUp));
    if (!response.ok) {
      const error = new ApiError(response.status, errorBody(response.status, response.text));
      // Still refused after any refresh: the sign-in is over (revoked, or the user was suspended).
      if (retryable && response.status === 401) session.onRefreshRejected(signOutReasonOf(response));
      if (retryable && isEnrolmentRequired(response)) options.onTwoStepEnrolmentRequired?.();
      throw error;
    }
    takeAuthorization(request, response);
    const parsed = (await schema).safeParse(parseJson(response.text));
    if (!parsed.success) throw new UnexpectedResponseError(parsed.error);
    return parsed.data;
  }

  function prepareCall(id: CallId, callOptions: AnyCallOptions): PreparedRequest {
    const def: CallEndpoint = CALL_ENDPOINTS[id];
    const stepUp = stepUpNeedOf(def, callOptions.params ?? {});
    return {
      ...(stepUp ? { stepUp, spendsProof: def.stepUpUse !== 'prepares' } : {}),
      method: def.method,
      url: apiUrl(callPath(def.path, callOptions.params ?? {})),
      query: callOptions.query ?? {},
      body: callOptions.body,
      signal: callOptions.signal,
      withAuthorization: true,
      issuesAuthorization: def.issuesAuthorization === true,
      ...(callOptions.headers ? { headers: callOptions.headers } : {}),
    };
  }

  return {
    call(id, callOptions: AnyCallOptions = {}) {
      const request = prepareCall(id, callOptions);
      // Public calls (sign-in, refresh, notices) have no session to refresh.
      const retryable = CALL_ENDPOINTS[id].access.kind !== 'public';
      const pick: SchemaPick<unknown> = (schemas) => schemas.CALLS[id].response;
      return perform(request, pick, retryable) as Promise<CallResponse<typeof id>>;
    },
    async open(id, callOptions: AnyCallOptions = {}) {
      const request: PreparedRequest = { ...prepareCall(id, callOptions), accept: '*/*' };
      let response: Response;
      try {
        response = await openOnce(request);
      } catch (error) {
        if (!(error instanceof NoResponse)) throw error;
        if (options.isLeavingPage?.()) throw new NetworkError(error.cause);
        await refresh();
        response = await openOrNetworkError(request);
      }
      if (response.ok) return response;
      let failure = await streamError(response);
      if (isTokenExpired(failure)) {
        await refresh();
        response = await openOrNetworkError(request);
        if (response.ok) return response;
        failure = await streamError(response);
      }
      if (failure.status === 401) session.onRefreshRejected(signOutReasonOf(failure));
      if (isEnrolmentRequired(failure)) options.onTwoStepEnrolmentRequired?.();
      throw new ApiError(failure.status, errorBody(failure.status, failure.text));
    },
    getUrl(url, schema, urlOptions = {}) {
      const withAuthorization = urlOptions.withAuthorization ?? false;
      const request: PreparedRequest = {
        method: 'GET',
        url,
        query: urlOptions.query ?? {},
        signal: urlOptions.signal,
        withAuthorization,
        issuesAuthorization: false,
      };
      return perform(request, schema, withAuthorization);
    },
    refresh,
    beacon(id, callOptions: AnyCallOptions = {}) {
      const request = prepareCall(id, callOptions);
      try {
        void fetchImpl(requestUrl(request), { ...requestInit(request), keepalive: true }).catch(() => {});
      } catch {
        // A fetch that throws at once (no network stack) must not stop what the caller does next.
      }
    },
  };
}
