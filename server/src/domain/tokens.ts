import { createHash, randomBytes } from 'node:crypto';
import { authClaimsSchema } from '@coin/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from './errors';

/** Authorizations are short-lived; the reauth token renews them. */
export const AUTHORIZATION_TTL_SECONDS = 15 * 60;
export const REAUTH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AuthClaims {
  userId: number;
  popinfoId: string;
  merchantId: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** How many verified authorizations a signer remembers (about 300 bytes each); the oldest go first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenSigner {
  readonly #key: Uint8Array;
  /**
   * Authorizations already verified, by their exact text, with their expiry (seconds): a signed token's
   * claims are a function of its text and the key, so a console's next calls skip the HMAC (a quarter of a
   * millisecond each through WebCrypto), and only the expiry is checked again, as jose checks it.
   * Revocation and roles are read from the database on every request anyway (auth.ts, accessCheck).
   */
  readonly #verified = new Map<string, { claims: AuthClaims; exp: number }>();

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** `expiresAt` is for tests that need an already expired token. */
  sign(claims: AuthClaims, expiresAt?: Date): Promise<string> {
    const payload: Record<string, unknown> = { popinfo_id: claims.popinfoId };
    if (claims.merchantId !== null) payload.merchant_id = claims.merchantId;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(expiresAt ?? `${AUTHORIZATION_TTL_SECONDS}s`)
      .sign(this.#key);
  }

  /** Throws token_expired for an expired token and unauthorized for anything else that is wrong. */
  async verify(token: string): Promise<AuthClaims> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.exp <= Math.floor(Date.now() / 1000)) {
        this.#verified.delete(token);
        throw new DomainError('token_expired');
      }
      return known.claims;
    }
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new DomainError('token_expired');
      throw new DomainError('unauthorized');
    }
    const claims = authClaimsSchema.safeParse(payload);
    const userId = claims.success ? Number(claims.data.sub) : Number.NaN;
    if (!claims.success || !Number.isSafeInteger(userId) || !isUuid(claims.data.popinfo_id)) {
      throw new DomainError('unauthorized');
    }
    const verified = { userId, popinfoId: claims.data.popinfo_id, merchantId: claims.data.merchant_id ?? null };
    const exp = (payload as { exp?: unknown }).exp;
    if (typeof exp === 'number') {
      if (this.#verified.size >= VERIFIED_TOKENS_KEPT) {
        const oldest = this.#verified.keys().next();
        if (!oldest.done) this.#verified.delete(oldest.value);
      }
      this.#verified.set(token, { claims: verified, exp });
    }
    return verified;
  }
}

/** An opaque reauth token and the hash stored in its place. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
