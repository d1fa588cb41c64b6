import type { Notice } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { getConfig } from '@/app/config';
import { api } from './instance';

export const noticeKeys = {
  all: ['notices'] as const,
  lists: () => [...noticeKeys.all, 'list'] as const,
  list: (url: string) => [...noticeKeys.lists(), url] as const,
  detail: (id: number) => [...noticeKeys.all, 'detail', id] as const,
};

/** Our own origin (a path like `/api/notices`) gets the Authorization header; a foreign feed does not. */
const isOwnAddress = (url: string) => url.startsWith('/') && !url.startsWith('//');

export const sortByRevisionDesc = (notices: readonly Notice[]): Notice[] =>
  [...notices].sort((a, b) => b.revision - a.revision);

/** GET of the configured notice address (answering like the listNotices call); listed by revision descending (§3). */
export async function listNotices(url: string, signal?: AbortSignal): Promise<Notice[]> {
  const answer = await api.getUrl(url, (schemas) => schemas.CALLS.listNotices.response, {
    signal,
    withAuthorization: isOwnAddress(url),
  });
  return sortByRevisionDesc(answer.items);
}

export const noticeQueries = {
  list: (url: string = getConfig().noticeUrl) =>
    queryOptions({ queryKey: noticeKeys.list(url), queryFn: ({ signal }) => listNotices(url, signal) }),
};
