import Bowser from 'bowser';

/** The longest User-Agent read: a longer one is cut before parsing (a header is the client's to fill). */
const USER_AGENT_MAX = 512;

/**
 * A sign-in's device as people name it, from its User-Agent: browser and major version, then the
 * system ("Chrome 156 / Windows"); empty when the header says nothing recognisable. Kept with the
 * sign-in (ログイン中の端末) and the 操作履歴, never trusted for anything but display.
 */
export function deviceOf(userAgent: string | string[] | undefined): string {
  const text = (Array.isArray(userAgent) ? userAgent[0] : userAgent)?.slice(0, USER_AGENT_MAX) ?? '';
  if (text.trim() === '') return '';
  const parsed = Bowser.parse(text);
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}`
    : '';
  const system = parsed.os.name ?? '';
  return [browser, system].filter((part) => part !== '').join(' / ');
}
