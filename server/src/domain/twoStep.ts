import { randomInt } from 'node:crypto';
import {
  type CallResponse,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  SECOND_STEP_TTL_MS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_STEP_MESSAGES,
  type TwoStepMethod,
} from '@coin/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import type { Db } from '../db/connection';
import { recordAudit } from './audit';
import { DomainError, invalidRequest, notFound } from './errors';
import { queueSecurityMail } from './securityMail';
import { hashToken, newOpaqueToken } from './tokens';

/*
 * Two-step sign-in (issue 24): an authenticator app (RFC 6238 TOTP: SHA-1, 6 digits, 30 s, one step of
 * clock drift either way, each time step usable once), passkeys (WebAuthn, verified by
 * @simplewebauthn/server against the service's origin and RP ID) and ten single-use recovery codes
 * (stored as SHA-256 hashes; they carry 50 bits of randomness, so a fast hash is enough).
 */

/** What names the service in authenticator apps and in the browser's passkey prompt. */
export const TWO_STEP_ISSUER = 'めぶくペイ加盟店';
/** How long a WebAuthn challenge of an enrolment or a step-up is good for. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Recovery codes: 10 characters of an alphabet without look-alikes (0/O, 1/I/L), shown as XXXX-XXXX-XX. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The relying party of passkeys: the public URL's host and origin (the console is served from it). */
export interface WebAuthnParty {
  rpId: string;
  origin: string;
}
export const webAuthnPartyOf = (publicUrl: string): WebAuthnParty => {
  const url = new URL(publicUrl);
  return { rpId: url.hostname, origin: url.origin };
};

const totpOf = (secret: string, label = '') =>
  new OTPAuth.TOTP({
    issuer: TWO_STEP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** The identity's confirmed authenticator app (a row when it has one). */
const confirmedTotpOf = (db: Db, identityId: number) =>
  db
    .selectFrom('identity_totp')
    .select('identity_id')
    .where('identity_id', '=', identityId)
    .where('confirmed_at', 'is not', null);

/** The identity's passkeys. */
const passkeysOf = (db: Db, identityId: number) =>
  db.selectFrom('identity_passkeys').select('id').where('identity_id', '=', identityId);

/** Which second factors the identity has in use: a confirmed authenticator app, a passkey. */
async function factorsOf(db: Db, identityId: number): Promise<{ totp: boolean; passkey: boolean }> {
  const [totp, passkey] = await Promise.all([
    confirmedTotpOf(db, identityId).executeTakeFirst(),
    passkeysOf(db, identityId).limit(1).executeTakeFirst(),
  ]);
  return { totp: totp !== undefined, passkey: passkey !== undefined };
}

/** Whether the user of a column (`mu.user_id`, say) has a second factor in use, as an SQL condition. */
export const hasFactorColumn = (userIdColumn: string) =>
  sql<boolean>`(exists (select 1 from identity_totp t where t.identity_id = ${sql.ref(userIdColumn)} and t.confirmed_at is not null) or exists (select 1 from identity_passkeys p where p.identity_id = ${sql.ref(userIdColumn)}))`;

/**
 * Whether the identity has a second factor in use, as an SQL condition: the per-request check
 * (sessions.ts, accessCheck) reads a merchant's requirement and this in the query it makes anyway.
 */
export const secondFactorCondition = (db: Db, identityId: number) =>
  sql<boolean>`(exists (${confirmedTotpOf(db, identityId)}) or exists (${passkeysOf(db, identityId)}))`;

/** Whether the identity has a second factor in use (a confirmed authenticator app or a passkey). */
export async function hasSecondFactor(db: Db, identityId: number): Promise<boolean> {
  const factors = await factorsOf(db, identityId);
  return factors.totp || factors.passkey;
}

async function methodsOf(db: Db, identityId: number): Promise<TwoStepMethod[]> {
  const [factors, codes] = await Promise.all([
    factorsOf(db, identityId),
    db
      .selectFrom('identity_recovery_codes')
      .select('id')
      .where('identity_id', '=', identityId)
      .where('used_at', 'is', null)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const methods: TwoStepMethod[] = [];
  if (factors.totp) methods.push('totp');
  if (factors.passkey) methods.push('passkey');
  if (codes) methods.push('recovery_code');
  return methods;
}

/** The password step of an enrolled account: a single-use token for the second step, and its methods. */
export async function issueSecondStep(db: Db, identityId: number, platform: string, now: Date) {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + SECOND_STEP_TTL_MS);
  await db
    .insertInto('second_step_tokens')
    .values({ token_hash: hash, identity_id: identityId, platform, expires_at: expiresAt })
    .execute();
  return { token, methods: await methodsOf(db, identityId), expires_at: expiresAt.toISOString() };
}

/** A second-step token that is still good (not used, not expired); refused like a wrong password. */
export async function pendingSecondStep(db: Db, token: string, now: Date) {
  const row = await db
    .selectFrom('second_step_tokens')
    .select(['id', 'identity_id', 'platform', 'challenge'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw new DomainError('invalid_credentials', TWO_STEP_MESSAGES.secondStepExpired);
  return row;
}

/** Spends a second-step token; false when another request spent it first. */
export async function spendSecondStep(db: Db, id: number, now: Date): Promise<boolean> {
  const spent = await db
    .updateTable('second_step_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

/**
 * Accepts a code of the identity's authenticator app (the confirmed one, or with `pending` the one being
 * enrolled) for the current time step or one either side, once: the step is remembered, and a code of
 * that step or an earlier one is refused afterwards (a replayed code).
 */
async function acceptTotp(db: Db, identityId: number, code: string, now: Date, pending = false): Promise<boolean> {
  const row = await db
    .selectFrom('identity_totp')
    .select(['secret', 'confirmed_at'])
    .where('identity_id', '=', identityId)
    .executeTakeFirst();
  if (!row || (row.confirmed_at === null) !== pending) return false;
  const delta = totpOf(row.secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const accepted = await db
    .updateTable('identity_totp')
    .set({ last_step: step })
    .where('identity_id', '=', identityId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
    .returning('identity_id')
    .executeTakeFirst();
  return accepted !== undefined;
}

/** Spends one of the identity's recovery codes; false when it is not one, or was used. */
async function spendRecoveryCode(db: Db, identityId: number, code: string, now: Date): Promise<boolean> {
  const spent = await db
    .updateTable('identity_recovery_codes')
    .set({ used_at: now })
    .where('identity_id', '=', identityId)
    .where('code_hash', '=', hashToken(normaliseRecoveryCode(code)))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

const parseTransports = (text: string | null) => (text ? (JSON.parse(text) as AuthenticatorTransportFuture[]) : []);
type AuthenticatorTransportFuture = NonNullable<
  Parameters<typeof generateAuthenticationOptions>[0]['allowCredentials']
>[number]['transports'] extends (infer T)[] | undefined
  ? T
  : never;

/** WebAuthn request options for the identity's passkeys, with a new challenge. */
export async function passkeyRequestOptions(db: Db, identityId: number, party: WebAuthnParty) {
  const passkeys = await db
    .selectFrom('identity_passkeys')
    .select(['credential_id', 'transports'])
    .where('identity_id', '=', identityId)
    .execute();
  return generateAuthenticationOptions({
    rpID: party.rpId,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) })),
  });
}

/**
 * Verifies a passkey's assertion: one of this identity's credentials (another user's passkey is not
 * found), signed over `challenge` for the service's origin and RP ID; the signature counter moves on.
 */
async function acceptPasskey(
  db: Db,
  identityId: number,
  response: Record<string, unknown>,
  challenge: string | null,
  party: WebAuthnParty,
  now: Date,
): Promise<boolean> {
  if (!challenge || typeof response.id !== 'string') return false;
  const passkey = await db
    .selectFrom('identity_passkeys')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('identity_id', '=', identityId)
    .where('credential_id', '=', response.id)
    .executeTakeFirst();
  if (!passkey) return false;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: parseTransports(passkey.transports),
      },
    });
    if (!verified) return false;
    await db
      .updateTable('identity_passkeys')
      .set({ counter: authenticationInfo.newCounter, last_used_at: now })
      .where('id', '=', passkey.id)
      .execute();
    return true;
  } catch {
    // A malformed or foreign assertion (wrong origin, RP ID, challenge or signature).
    return false;
  }
}

export type FactorProof = { totp_code: string } | { recovery_code: string } | { passkey: Record<string, unknown> };

/**
 * Checks one proof of the identity's second factor. Answers null when it holds, else the field and the
 * message of the refusal (the caller counts the failure toward the lockout).
 */
export async function checkFactor(
  db: Db,
  identityId: number,
  proof: FactorProof,
  context: { now: Date; party: WebAuthnParty; challenge: string | null },
): Promise<{ field: string; message: string } | null> {
  if ('totp_code' in proof) {
    return (await acceptTotp(db, identityId, proof.totp_code, context.now))
      ? null
      : { field: 'totp_code', message: TWO_STEP_MESSAGES.wrongCode };
  }
  if ('recovery_code' in proof) {
    return (await spendRecoveryCode(db, identityId, proof.recovery_code, context.now))
      ? null
      : { field: 'recovery_code', message: TWO_STEP_MESSAGES.wrongRecoveryCode };
  }
  return (await acceptPasskey(db, identityId, proof.passkey, context.challenge, context.party, context.now))
    ? null
    : { field: 'passkey', message: TWO_STEP_MESSAGES.wrongPasskey };
}

/* ---------- challenges of enrolments and step-ups ---------- */

async function storeChallenge(
  db: Db,
  identityId: number,
  purpose: 'register' | 'step_up',
  challenge: string,
  now: Date,
) {
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await db
    .insertInto('webauthn_challenges')
    .values({ identity_id: identityId, purpose, challenge, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['identity_id', 'purpose']).doUpdateSet({ challenge, expires_at: expiresAt }))
    .execute();
}

/** Takes (and forgets) the identity's challenge of a purpose; null when none is good any more. */
export async function takeChallenge(db: Db, identityId: number, purpose: 'register' | 'step_up', now: Date) {
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('identity_id', '=', identityId)
    .where('purpose', '=', purpose)
    .returning(['challenge', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at.getTime() > now.getTime() ? row.challenge : null;
}

/** Request options for a step-up with a passkey; the challenge waits for the step-up. */
export async function stepUpPasskeyOptions(db: Db, identityId: number, party: WebAuthnParty, now: Date) {
  const options = await passkeyRequestOptions(db, identityId, party);
  await storeChallenge(db, identityId, 'step_up', options.challenge, now);
  return options;
}

/** Request options for the second step of a sign-in; the challenge is the token's. */
export async function secondStepPasskeyOptions(db: Db, token: string, party: WebAuthnParty, now: Date) {
  const pending = await pendingSecondStep(db, token, now);
  const options = await passkeyRequestOptions(db, pending.identity_id, party);
  await db
    .updateTable('second_step_tokens')
    .set({ challenge: options.challenge })
    .where('id', '=', pending.id)
    .execute();
  return options;
}

/* ---------- the caller's factors ---------- */

interface Actor {
  userId: number;
  clientIp?: string | null;
}

const ownIdentity = (caller: Actor, identityId: number) => {
  if (caller.userId !== identityId) throw notFound();
};

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** Replaces the identity's recovery codes with RECOVERY_CODE_COUNT new ones; answers them (shown once). */
async function issueRecoveryCodes(db: Db, identityId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('identity_recovery_codes').where('identity_id', '=', identityId).execute();
  await db
    .insertInto('identity_recovery_codes')
    .values(
      codes.map((code) => ({
        identity_id: identityId,
        code_hash: hashToken(normaliseRecoveryCode(code)),
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

/** The identity's first factor issues its recovery codes; a later one issues none. */
async function recoveryCodesForNewFactor(db: Db, identityId: number, hadFactor: boolean, now: Date) {
  return hadFactor ? null : issueRecoveryCodes(db, identityId, now);
}

export async function twoStepStatus(db: Db, caller: Actor, identityId: number): Promise<CallResponse<'getTwoStep'>> {
  ownIdentity(caller, identityId);
  const [totp, passkeys, codes, requiredBy] = await Promise.all([
    db
      .selectFrom('identity_totp')
      .select('confirmed_at')
      .where('identity_id', '=', identityId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
    db
      .selectFrom('identity_passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('identity_id', '=', identityId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('identity_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('left'))
      .where('identity_id', '=', identityId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('merchant_users as mu')
      .innerJoin('merchants as m', 'm.id', 'mu.merchant_id')
      .select(['m.id as merchant_id', 'm.name'])
      .where('mu.user_id', '=', identityId)
      .where('mu.status', '=', 'ACTIVE')
      .where('m.require_two_step', '=', true)
      .orderBy('m.id')
      .execute(),
  ]);
  return {
    totp: totp?.confirmed_at ? { enrolled_at: totp.confirmed_at.toISOString() } : null,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      created_at: p.created_at.toISOString(),
      last_used_at: p.last_used_at?.toISOString() ?? null,
    })),
    recovery_codes_left: Number(codes.left),
    enabled: totp !== undefined || passkeys.length > 0,
    required_by: requiredBy,
  };
}

/** A new (pending) authenticator-app secret; refused while one is confirmed (remove it first). */
export async function startTotp(db: Db, caller: Actor, identityId: number, now: Date) {
  ownIdentity(caller, identityId);
  const identity = await db.selectFrom('identities').select('email').where('id', '=', identityId).executeTakeFirst();
  if (!identity) throw notFound();
  const current = await db
    .selectFrom('identity_totp')
    .select('confirmed_at')
    .where('identity_id', '=', identityId)
    .executeTakeFirst();
  if (current?.confirmed_at) throw new DomainError('conflict', TWO_STEP_MESSAGES.alreadyEnrolled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db
    .insertInto('identity_totp')
    .values({ identity_id: identityId, secret, created_at: now })
    .onConflict((oc) => oc.column('identity_id').doUpdateSet({ secret, last_step: null, confirmed_at: null }))
    .execute();
  return { secret, otpauth_url: totpOf(secret, identity.email).toString() };
}

export async function confirmTotp(db: Db, caller: Actor, identityId: number, code: string, now: Date) {
  ownIdentity(caller, identityId);
  const hadFactor = await hasSecondFactor(db, identityId);
  const pending = await db
    .selectFrom('identity_totp')
    .select('confirmed_at')
    .where('identity_id', '=', identityId)
    .executeTakeFirst();
  if (!pending || pending.confirmed_at) throw new DomainError('conflict', TWO_STEP_MESSAGES.noPendingTotp);
  if (!(await acceptTotp(db, identityId, code, now, true))) throw invalidRequest('code', TWO_STEP_MESSAGES.wrongCode);
  await db.updateTable('identity_totp').set({ confirmed_at: now }).where('identity_id', '=', identityId).execute();
  await recordAudit(
    db,
    {
      actorUserId: caller.userId,
      action: 'identity.two_step_added',
      targetUserId: identityId,
      after: { factor: 'totp' },
      clientIp: caller.clientIp ?? null,
    },
    now,
  );
  return { recovery_codes: await recoveryCodesForNewFactor(db, identityId, hadFactor, now) };
}

/** Removes every trace of second factors when none is left (recovery codes alone are no factor). */
async function forgetRecoveryCodesWithoutFactor(db: Db, identityId: number) {
  if (!(await hasSecondFactor(db, identityId))) {
    await db.deleteFrom('identity_recovery_codes').where('identity_id', '=', identityId).execute();
  }
}

export async function deleteTotp(db: Db, caller: Actor, identityId: number, now: Date) {
  ownIdentity(caller, identityId);
  const removed = await db
    .deleteFrom('identity_totp')
    .where('identity_id', '=', identityId)
    .returning('confirmed_at')
    .executeTakeFirst();
  if (!removed) throw notFound();
  await forgetRecoveryCodesWithoutFactor(db, identityId);
  await recordAudit(
    db,
    {
      actorUserId: caller.userId,
      action: 'identity.two_step_removed',
      targetUserId: identityId,
      before: { factor: 'totp' },
      clientIp: caller.clientIp ?? null,
    },
    now,
  );
  return { ok: true as const };
}

export async function passkeyRegistrationOptions(
  db: Db,
  caller: Actor,
  identityId: number,
  party: WebAuthnParty,
  now: Date,
) {
  ownIdentity(caller, identityId);
  const identity = await db.selectFrom('identities').select('email').where('id', '=', identityId).executeTakeFirst();
  if (!identity) throw notFound();
  const existing = await db
    .selectFrom('identity_passkeys')
    .select(['credential_id', 'transports'])
    .where('identity_id', '=', identityId)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: TWO_STEP_ISSUER,
    rpID: party.rpId,
    userName: identity.email,
    userID: new TextEncoder().encode(`identity-${identityId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(db, identityId, 'register', options.challenge, now);
  return options;
}

export async function registerPasskey(
  db: Db,
  caller: Actor,
  identityId: number,
  input: { name: string; response: Record<string, unknown> },
  party: WebAuthnParty,
  now: Date,
) {
  ownIdentity(caller, identityId);
  const challenge = await takeChallenge(db, identityId, 'register', now);
  if (!challenge) throw invalidRequest('response', TWO_STEP_MESSAGES.passkeyRetry);
  let registration: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    registration = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw invalidRequest('response', TWO_STEP_MESSAGES.passkeyRetry);
  }
  if (!registration.verified || !registration.registrationInfo)
    throw invalidRequest('response', TWO_STEP_MESSAGES.passkeyRetry);
  const { credential } = registration.registrationInfo;
  const hadFactor = await hasSecondFactor(db, identityId);
  const taken = await db
    .insertInto('identity_passkeys')
    .values({
      identity_id: identityId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ? JSON.stringify(credential.transports) : null,
      name: input.name,
      created_at: now,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw new DomainError('conflict', TWO_STEP_MESSAGES.passkeyTaken);
  await recordAudit(
    db,
    {
      actorUserId: caller.userId,
      action: 'identity.two_step_added',
      targetUserId: identityId,
      after: { factor: 'passkey', name: input.name },
      clientIp: caller.clientIp ?? null,
    },
    now,
  );
  return { recovery_codes: await recoveryCodesForNewFactor(db, identityId, hadFactor, now) };
}

export async function deletePasskey(db: Db, caller: Actor, identityId: number, passkeyId: number, now: Date) {
  ownIdentity(caller, identityId);
  const removed = await db
    .deleteFrom('identity_passkeys')
    .where('identity_id', '=', identityId)
    .where('id', '=', passkeyId)
    .returning('name')
    .executeTakeFirst();
  if (!removed) throw notFound();
  await forgetRecoveryCodesWithoutFactor(db, identityId);
  await recordAudit(
    db,
    {
      actorUserId: caller.userId,
      action: 'identity.two_step_removed',
      targetUserId: identityId,
      before: { factor: 'passkey', name: removed.name },
      clientIp: caller.clientIp ?? null,
    },
    now,
  );
  return { ok: true as const, name: removed.name };
}

export async function regenerateRecoveryCodes(db: Db, caller: Actor, identityId: number, now: Date) {
  ownIdentity(caller, identityId);
  if (!(await hasSecondFactor(db, identityId))) throw new DomainError('conflict', TWO_STEP_MESSAGES.noFactor);
  const codes = await issueRecoveryCodes(db, identityId, now);
  await recordAudit(
    db,
    {
      actorUserId: caller.userId,
      action: 'identity.recovery_codes_issued',
      targetUserId: identityId,
      clientIp: caller.clientIp ?? null,
    },
    now,
  );
  return { recovery_codes: codes };
}

/* ---------- the merchant's requirement ---------- */

export async function merchantTwoStep(db: Db, merchantId: number): Promise<CallResponse<'getMerchantTwoStep'>> {
  const [merchant, without] = await Promise.all([
    db.selectFrom('merchants').select('require_two_step').where('id', '=', merchantId).executeTakeFirstOrThrow(),
    db
      .selectFrom('merchant_users as mu')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('mu.merchant_id', '=', merchantId)
      .where('mu.status', '=', 'ACTIVE')
      .where(sql<boolean>`not ${hasFactorColumn('mu.user_id')}`)
      .executeTakeFirstOrThrow(),
  ]);
  return { required: merchant.require_two_step, staff_without: Number(without.n) };
}

/**
 * An Owner requires two-step sign-in of the shop's staff, or no longer. Only an Owner who has a factor
 * may require it (else the requirement would lock them out of their own shop); turning it off is always
 * allowed. Answers whether it changed, and the shop's name, for the mail to its staff.
 */
export async function setMerchantTwoStep(db: Db, merchantId: number, actor: Actor, required: boolean, now: Date) {
  const before = await merchantTwoStep(db, merchantId);
  if (required && !before.required && !(await hasSecondFactor(db, actor.userId))) {
    throw new DomainError('conflict', TWO_STEP_MESSAGES.enrolBeforeRequiring);
  }
  const merchant = await db
    .updateTable('merchants')
    .set({ require_two_step: required })
    .where('id', '=', merchantId)
    .returning('name')
    .executeTakeFirstOrThrow();
  await recordAudit(
    db,
    {
      actorUserId: actor.userId,
      action: 'merchant.two_step_requirement_changed',
      merchantId,
      before: { required: before.required },
      after: { required },
      clientIp: actor.clientIp ?? null,
    },
    now,
  );
  return { ...before, required, changed: before.required !== required, merchantName: merchant.name };
}

/* ---------- the operator's reset ---------- */

/**
 * An operator removes every factor of a user who lost them all (audited, actor: the operator); the user is
 * mailed at once (issue 45), so a reset asked for by someone else does not go unseen.
 */
export async function resetTwoStep(
  db: Db,
  email: string,
  now: Date,
  publicUrl = 'http://localhost:3000',
): Promise<{ user_id: number; removed: number }> {
  const identity = await db
    .selectFrom('identities')
    .select(['id', 'email'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!identity) throw notFound('そのメールアドレスのユーザーはいません');
  return db.transaction().execute(async (trx) => {
    const totp = await trx.deleteFrom('identity_totp').where('identity_id', '=', identity.id).executeTakeFirst();
    const passkeys = await trx
      .deleteFrom('identity_passkeys')
      .where('identity_id', '=', identity.id)
      .executeTakeFirst();
    await trx.deleteFrom('identity_recovery_codes').where('identity_id', '=', identity.id).execute();
    await trx.updateTable('identities').set({ failed_second_steps: 0 }).where('id', '=', identity.id).execute();
    const removed = Number(totp.numDeletedRows) + Number(passkeys.numDeletedRows);
    await queueSecurityMail(
      trx,
      [identity.email],
      { kind: 'two_step_reset' },
      {
        now,
        clientIp: null,
        link: `${publicUrl}/twoStep`,
      },
    );
    await recordAudit(
      trx,
      { actorUserId: null, action: 'identity.two_step_reset', targetUserId: identity.id, before: { factors: removed } },
      now,
    );
    return { user_id: identity.id, removed };
  });
}
