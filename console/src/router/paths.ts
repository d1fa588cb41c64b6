import { APP_ROUTES, PUBLIC_ROUTES } from '@coin/contract';

/** The path of a named route in the contract's tables (the first one when a page has several). */
export function pathOf(routeName: string): string {
  const route = APP_ROUTES.find((r) => r.name === routeName) ?? PUBLIC_ROUTES.find((r) => r.name === routeName);
  if (!route) throw new Error(`no route is named ${routeName}`);
  return route.path;
}
