/** Query parameters stay plain strings (authError=true is the string 'true'), as the guard expects. */
export function parseSearch(searchStr: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) {
    if (!(key in query)) query[key] = value;
  }
  return query;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const serialized = params.toString();
  return serialized ? `?${serialized}` : '';
}

/** `/path` + query → an href. */
export const hrefWithQuery = (path: string, query: Readonly<Record<string, string>>): string =>
  `${path}${stringifySearch(query)}`;
