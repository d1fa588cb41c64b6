import { APP_ROUTES, PUBLIC_ROUTES, type RouteName, type RoutePath } from '@coin/contract';

/**
 * The path of a named route in the contract's tables (the first one when a page has several). The name
 * is typed from the tables: an unknown name does not compile.
 */
export function pathOf(routeName: RouteName): RoutePath {
  const route = APP_ROUTES.find((r) => r.name === routeName) ?? PUBLIC_ROUTES.find((r) => r.name === routeName);
  if (!route) throw new Error(`no route is named ${routeName}`);
  return route.path;
}
