import type { RouteNameOf, RoutePath } from '@coin/contract';
import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import type { ListSearchOf } from './listSearches';

/**
 * The search a link may give a route: some of the values its parser reads (a list route), or none.
 * Typed from the route's parser (router/listSearches.ts), so a filter the page does not have, or a value
 * of the wrong kind, does not compile.
 */
export type LinkSearch<P extends RoutePath> = [ListSearchOf<RouteNameOf<P>>] extends [never]
  ? never
  : Partial<ListSearchOf<RouteNameOf<P>>>;

export type AppLinkProps<P extends RoutePath> = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the contract's route tables: a path that does not exist does not compile. */
  to: P;
  search?: LinkSearch<P>;
  replace?: boolean;
  /** When the link counts as active (the router's option): exact, for /refund beside /refund/request. */
  activeOptions?: { exact?: boolean };
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * The console's link: the router's Link with the route and its search typed from the contract and the
 * list routes' parsers. Pages and components link with this, never with the router's Link (Biome's
 * noRestrictedImports, biome.json). Works as Mantine's `component` or in a `renderRoot`.
 */
export function AppLink<P extends RoutePath>({ to, search, ...rest }: AppLinkProps<P>) {
  // The router's own route types are not registered (the routes are built from the contract's tables at
  // run time), so its `to` is typed loosely; the typing above is what checks the link.
  return <Link {...rest} to={to as string} {...(search === undefined ? {} : { search: search as never })} />;
}
