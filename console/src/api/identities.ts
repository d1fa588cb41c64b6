import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

export const identityKeys = {
  all: ['identities'] as const,
  lists: () => [...identityKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...identityKeys.lists(), query] as const,
  detail: (userId: number) => [...identityKeys.all, 'detail', userId] as const,
  email: (userId: number) => [...identityKeys.detail(userId), 'email'] as const,
};

/** GET /identities/{id}/email: the identity's email and its status. */
export const getIdentityEmail = (userId: number, signal?: AbortSignal) =>
  api.call('getIdentityEmail', { params: { id: userId }, signal });

export const identityQueries = {
  email: (userId: number) =>
    queryOptions({ queryKey: identityKeys.email(userId), queryFn: ({ signal }) => getIdentityEmail(userId, signal) }),
};
