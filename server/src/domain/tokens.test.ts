import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from './errors';
import { AUTHORIZATION_TTL_SECONDS, TokenSigner, VERIFIED_TOKENS_KEPT } from './tokens';

const claims = { userId: 7, popinfoId: '0f8fad5b-d9cb-469f-a165-70867728950e', merchantId: 3 };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.type;
    throw error;
  }
  return 'accepted';
}

describe('TokenSigner.verify', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks the signature of a token once, and answers the same claims after', async () => {
    const signer = new TokenSigner('a-secret-of-enough-length-0123456789');
    const token = await signer.sign(claims);
    const hmac = vi.spyOn(globalThis.crypto.subtle, 'verify');
    expect(await signer.verify(token)).toEqual(claims);
    expect(hmac).toHaveBeenCalledTimes(1);
    expect(await signer.verify(token)).toEqual(claims);
    expect(hmac).toHaveBeenCalledTimes(1);
    hmac.mockRestore();
  });

  it('refuses a remembered token once it has expired, as expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-04-01T00:00:00Z');
    vi.setSystemTime(start);
    const signer = new TokenSigner('a-secret-of-enough-length-0123456789');
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(start.getTime() + (AUTHORIZATION_TTL_SECONDS - 1) * 1000);
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(start.getTime() + AUTHORIZATION_TTL_SECONDS * 1000);
    expect(await refusal(signer.verify(token))).toBe('token_expired');
    expect(await refusal(signer.verify(token))).toBe('token_expired');
  });

  it('does not take a token verified by one key for another key', async () => {
    const signer = new TokenSigner('a-secret-of-enough-length-0123456789');
    const other = new TokenSigner('another-secret-of-enough-length-987654');
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    expect(await refusal(other.verify(token))).toBe('unauthorized');
  });

  it('refuses a token whose signature was altered after the original was remembered', async () => {
    const signer = new TokenSigner('a-secret-of-enough-length-0123456789');
    const token = await signer.sign(claims);
    await signer.verify(token);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const altered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await refusal(signer.verify(altered))).toBe('unauthorized');
  });

  it('keeps at most VERIFIED_TOKENS_KEPT tokens and still verifies the forgotten ones', async () => {
    const signer = new TokenSigner('a-secret-of-enough-length-0123456789');
    const first = await signer.sign(claims);
    await signer.verify(first);
    for (let i = 0; i < VERIFIED_TOKENS_KEPT; i++) {
      await signer.verify(await signer.sign({ ...claims, userId: 100 + i }));
    }
    expect(await signer.verify(first)).toEqual(claims);
  });
});
