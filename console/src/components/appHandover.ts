/** `scheme` may be given as `app` or `app://`. */
const schemePrefix = (scheme: string) => (scheme.includes('://') ? scheme : `${scheme}://`);

/** The custom-scheme address that opens the mobile app at `action`, carrying the original query. */
export function appUrl(scheme: string, action = '', search = ''): string {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `${schemePrefix(scheme)}${action.replace(/^\/+/, '')}${query}`;
}
