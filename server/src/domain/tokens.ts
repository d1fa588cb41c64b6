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

export class TokenSigner {
  readonly #key: Uint8Array;

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
    return { userId, popinfoId: claims.data.popinfo_id, merchantId: claims.data.merchant_id ?? null };
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
