import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/*
 * The browser's half of a passkey (WebAuthn) ceremony: the server's options in, the authenticator's
 * answer out, both as the JSON @simplewebauthn writes. The library loads with the first ceremony, so
 * no page carries it before a passkey is used.
 */

/** Options as the contract carries them (a JSON object; the server builds them with @simplewebauthn/server). */
export type WebAuthnOptions = Record<string, unknown>;

/** Why a ceremony gave no answer. */
export type PasskeyFailure = 'unsupported' | 'cancelled' | 'alreadyRegistered' | 'failed';

/** A ceremony that ended without an answer, with the reason the page shows. */
export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
  constructor(
    readonly reason: PasskeyFailure,
    cause?: unknown,
  ) {
    super(`passkey ceremony failed: ${reason}`, { cause });
  }
}

/**
 * Whether the page was opened at an IP address (http://127.0.0.1, say): browsers refuse passkeys there,
 * since a passkey belongs to a domain name; `localhost` and a real host name work (issue 45).
 */
export const hostIsIpAddress = (hostname: string = globalThis.location?.hostname ?? ''): boolean =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');

export const browserHasPasskeys = (): boolean =>
  typeof globalThis.PublicKeyCredential === 'function' && typeof navigator?.credentials?.get === 'function';

function failureOf(error: unknown): PasskeyFailure {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'alreadyRegistered';
  // The user closed the browser's prompt, or let it time out: the browser does not say which.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  return 'failed';
}

async function ceremony<T>(run: (library: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  if (!browserHasPasskeys()) throw new PasskeyError('unsupported');
  let library: typeof import('@simplewebauthn/browser');
  try {
    library = await import('@simplewebauthn/browser');
  } catch (error) {
    throw new PasskeyError('failed', error);
  }
  try {
    return await run(library);
  } catch (error) {
    throw new PasskeyError(failureOf(error), error);
  }
}

/** Signs the server's challenge with one of the user's passkeys (sign-in's second step, step-up). */
export const passkeyAssertion = (options: WebAuthnOptions): Promise<Record<string, unknown>> =>
  ceremony(async ({ startAuthentication }) => ({
    ...(await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })),
  }));

/** Creates a passkey for the server's creation options (the account page). */
export const passkeyRegistration = (options: WebAuthnOptions): Promise<Record<string, unknown>> =>
  ceremony(async ({ startRegistration }) => ({
    ...(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })),
  }));
