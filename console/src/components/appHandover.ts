/** `scheme` may be given as `app` or `app://`. */
const schemePrefix = (scheme: string) => (scheme.includes('://') ? scheme : `${scheme}://`);

/** The custom-scheme address that opens the mobile app at `action`, carrying the original query. */
export function appUrl(scheme: string, action = '', search = ''): string {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `${schemePrefix(scheme)}${action.replace(/^\/+/, '')}${query}`;
}

/**
 * The universal (iOS) / app (Android) link for `action`, under the configured https base: a tap on it opens
 * the installed app, and without the app the browser loads that address (the app's site, which offers the
 * stores). Empty when no base is configured.
 */
export function universalLinkUrl(base: string, action = '', search = ''): string {
  if (!base) return '';
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `${base.replace(/\/*$/, '/')}${action.replace(/^\/+/, '')}${query}`;
}

/**
 * Where the hand-over pages send the visitor. The page tries the custom scheme at once (an installed app
 * opens without a tap); the button is the universal link where one is configured, because a link the user
 * taps to another https host is what iOS and Android hand to the app, and it still lands somewhere useful
 * without it (a custom scheme without the app is an error page), else the custom scheme again.
 */
export function handoverTargets(
  config: { scheme: string; universalLinkBase: string },
  action: string,
  search: string,
): { automatic: string; button: string } {
  const automatic = appUrl(config.scheme, action, search);
  return { automatic, button: universalLinkUrl(config.universalLinkBase, action, search) || automatic };
}
