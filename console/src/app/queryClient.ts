import { QueryClient } from '@tanstack/react-query';
import { ApiError, AuthError, NoCredentialsError } from '@/api/errors';

/** Answers with a status, and a lost session, are final; the client already refreshed and retried once. */
const isFinal = (error: unknown) =>
  error instanceof ApiError || error instanceof AuthError || error instanceof NoCredentialsError;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !isFinal(error) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});
