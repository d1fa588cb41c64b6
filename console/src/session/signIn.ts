import type { MerchantSessionResponse } from '@coin/contract';
import { NoMerchantRolesError, UnexpectedResponseError } from '@/api/errors';
import type { SecondFactorProof } from '@/components/twoStepCodes';
import { readPopinfoId } from './jwt';
import type { LoginInput, LoginOutcome, PendingSecondStep, SessionServiceDeps } from './service';
import { decideUseSession, readLastMerchantId, writeStoredSession } from './storage';
import { type MerchantEntry, toMerchantEntry, type UserInfo } from './types';

// Sign-in and merchant switch of the session service (service.ts), a chunk of their own: the first
// paint needs only initialize(); main.tsx prefetches this when the browser is idle.

export async function switchMerchant(deps: SessionServiceDeps, merchantId: number): Promise<void> {
  const { store, api } = deps;
  const { useSession, user } = store.getState();
  const answer = await api.switchMerchant(merchantId);
  const storages = deps.storages();
  // The new session comes first: its reauth token, then the nick name, then the selection (§4).
  writeStoredSession(storages, useSession, { reauthToken: answer.reauth_token });
  store.setState({ reauthToken: answer.reauth_token });
  if (user) {
    const roles = user.roles.map((r) =>
      r.merchant_id === merchantId ? { merchant_id: r.merchant_id, role: answer.merchant_user.role } : r,
    );
    const nextUser: UserInfo = { ...user, name: answer.merchant_user.user_nick_name, roles };
    writeStoredSession(storages, useSession, { user: nextUser });
    store.setState({ user: nextUser });
  }
  writeStoredSession(storages, useSession, { selectedMerchantId: merchantId });
  store.setState({ selectedMerchantId: merchantId });
  await deps.onMerchantChanged?.();
}

export async function login(deps: SessionServiceDeps, input: LoginInput): Promise<LoginOutcome> {
  const answer = await deps.api.signIn({ email: input.email, password: input.password });
  if (answer.second_step) {
    const { token, methods, expires_at } = answer.second_step;
    return {
      kind: 'secondStep',
      pending: { token, methods, expiresAt: expires_at, email: input.email, keepSignedIn: input.keepSignedIn },
    };
  }
  await openSession(deps, answer, input);
  return { kind: 'signedIn' };
}

/** The second step (issue 24): its answer is a sign-in's, and the session opens as after a password. */
export async function completeSecondStep(
  deps: SessionServiceDeps,
  pending: PendingSecondStep,
  proof: SecondFactorProof,
): Promise<void> {
  const answer = await deps.api.completeSecondStep({ token: pending.token, ...proof });
  if (answer.second_step) throw new UnexpectedResponseError('the second step asked for another');
  await openSession(deps, answer, { email: pending.email, keepSignedIn: pending.keepSignedIn });
}

/** A sign-in's answer with its Authorization taken: store the session, load the merchants, switch to one. */
async function openSession(
  deps: SessionServiceDeps,
  answer: MerchantSessionResponse,
  input: { email: string; keepSignedIn: boolean },
): Promise<void> {
  const { store, api } = deps;
  const firstRole = answer.merchant_roles[0];
  if (!firstRole || !answer.reauth_token) throw new NoMerchantRolesError();
  const authorization = store.getState().authorization;
  const popinfoId = authorization ? readPopinfoId(authorization) : null;
  if (!popinfoId) throw new UnexpectedResponseError('authorization without popinfo_id');

  const storages = deps.storages();
  const useSession = decideUseSession(storages, input.keepSignedIn);
  writeStoredSession(storages, useSession, { reauthToken: answer.reauth_token, popinfoId });
  store.setState({ reauthToken: answer.reauth_token, popinfoId, useSession, initialized: false });

  const merchants: MerchantEntry[] = (
    await Promise.all(answer.merchant_roles.map((r) => api.getMerchant(r.merchant_id)))
  ).map(toMerchantEntry);
  const user: UserInfo = {
    user_id: answer.identity.user_id,
    email: firstRole.email || input.email,
    name: '',
    roles: answer.merchant_roles.map((r) => ({ merchant_id: r.merchant_id, role: r.role })),
  };
  writeStoredSession(storages, useSession, { user, merchants });
  store.setState({ user, merchants });

  const lastMerchantId = readLastMerchantId(storages);
  const chosen = merchants.find((m) => m.merchant_id === lastMerchantId) ?? merchants[0];
  if (!chosen) throw new NoMerchantRolesError();
  await switchMerchant(deps, chosen.merchant_id);
  store.setState({ initialized: true });
}
