import { resolvePath } from '@coin/contract';
import { loadPageStrings } from '@/i18n';
import { PAGE_LOADERS } from '@/router/pages';
import { hasCredentials, readStoredSession } from '@/session/storage';
import { browserStorages } from '@/session/store';

/**
 * With a session in storage the first view is almost surely a signed-in page: its chunks (Mantine,
 * the catalogue's second part, the signed-in layout and the page) are fetched while the
 * configuration and the session are still loading, instead of after them. Without one (the login
 * page) nothing is fetched early. A failed fetch here is ignored: the router loads them again.
 */
export function warmUpSignedIn(pathname: string): void {
  let stored: ReturnType<typeof readStoredSession>;
  try {
    stored = readStoredSession(browserStorages());
  } catch {
    return; // Storage can be unavailable (privacy settings); the router copes on its own.
  }
  if (!hasCredentials(stored)) return;
  const resolved = resolvePath(pathname);
  const page = resolved.kind === 'root' ? 'Top' : resolved.kind === 'app' ? resolved.route.name : null;
  if (!page) return;
  const loadPage = PAGE_LOADERS[page];
  void Promise.all([
    import('@/app/MantineRoot'),
    import('@/app/shell/SignedInLayout'),
    loadPageStrings(),
    loadPage?.(),
  ]).catch(() => {});
}
