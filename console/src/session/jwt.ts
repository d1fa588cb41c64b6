/** The bare token of an `Authorization` value (`Bearer <token>` or the token alone). */
export const bearerToken = (authorization: string): string => authorization.replace(/^Bearer\s+/i, '').trim();

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The `popinfo_id` claim of the authorization token. Read only, never verified: the server
 * verifies the signature of every token it receives.
 */
export function readPopinfoId(authorization: string): string | null {
  const payload = bearerToken(authorization).split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    // The claim is a string (the contract's authClaimsSchema); checked by hand to keep zod off the first load.
    const popinfoId = (claims as { popinfo_id?: unknown }).popinfo_id;
    return typeof popinfoId === 'string' && popinfoId !== '' ? popinfoId : null;
  } catch {
    return null;
  }
}
