import { APP_ROUTES, PUBLIC_ROUTES } from '@coin/contract';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  rootRouteId,
  useRouteContext,
} from '@tanstack/react-router';
import SignedOutLayout from '@/app/SignedOutLayout';
import { PageError, PagePending, ShellPending } from '@/components/RouteStates';
import { type GuardSession, guardBeforeLoad, type SpecialView } from './guard';
import { searchParserOf } from './listSearches';
import { type PageDataContext, pageDataLoader } from './pageData';
import { inSlices, pageLoader, withMantine, withPageStrings } from './pages';
import { SpecialPageView } from './SpecialPageView';
import { parseSearch, plainSearch, type SearchParser, stringifySearch, withoutDefaults } from './search';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The contract's route name (page title key, menu entry). */
    routeName?: string;
  }
}

export interface AppRouterDeps {
  session: GuardSession;
  hostname: () => string;
  history?: RouterHistory;
  /** Tests run the router in Node; the app leaves it to the router's own detection. */
  isServer?: boolean;
  /** Lets the signed-in pages' route loaders prefetch their data; without it they fetch on render. */
  pageData?: PageDataContext;
}

/** The router's context: what route loaders get besides the root's guard decision. */
export interface AppRouterContext {
  pageData?: PageDataContext | undefined;
}

/** TanStack matches `/a` and `/a/` alike, so a table's trailing-slash twin is one route here; the guard sees the raw path. */
const routePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function uniqueByRoutePath<T extends { path: string; name: string }>(routes: readonly T[]): T[] {
  const byPath = new Map<string, T>();
  for (const route of routes) {
    const key = routePath(route.path);
    const existing = byPath.get(key);
    if (existing && existing.name !== route.name) {
      throw new Error(`routes ${existing.name} and ${route.name} share the path ${key}`);
    }
    if (!existing) byPath.set(key, route);
  }
  return [...byPath.values()];
}

/**
 * A route's own search: validated by its parser (what the page and the loader read), and written back
 * to the URL without the values the parser only defaulted (search.ts, withoutDefaults).
 */
function routeSearchOptions(parse: SearchParser | undefined) {
  if (!parse) return {};
  return {
    validateSearch: (raw: Record<string, unknown>) => parse(raw),
    search: {
      middlewares: [
        ({
          search,
          next,
        }: {
          search: Record<string, unknown>;
          next: (search: Record<string, unknown>) => Record<string, unknown>;
        }) => withoutDefaults(parse, next(search)),
      ],
    },
  };
}

function RootView() {
  const context = useRouteContext({ from: rootRouteId });
  return context.special ? <SpecialPageView {...context.special} /> : <Outlet />;
}

/** The route tree, generated from the contract's tables, guarded by the contract's decideNavigation. */
export function createAppRouter(deps: AppRouterDeps) {
  const rootRoute = createRootRouteWithContext<AppRouterContext>()({
    beforeLoad: ({ location }) =>
      guardBeforeLoad(
        { pathname: location.pathname, hostname: deps.hostname(), query: plainSearch(location.search) },
        deps.session,
      ),
    component: RootView,
  });

  const signedIn = createRoute({
    getParentRoute: () => rootRoute,
    id: 'signedIn',
    component: lazyRouteComponent(
      inSlices(withMantine(withPageStrings(() => import('@/app/shell/SignedInLayout'))), <ShellPending />),
    ),
  });
  // Tiny, and on every public page's first load: it comes with the entry instead of a request of its own.
  const signedOut = createRoute({
    getParentRoute: () => rootRoute,
    id: 'signedOut',
    component: SignedOutLayout,
  });

  const appRoutes = uniqueByRoutePath(APP_ROUTES).map((route) => {
    const prefetch = pageDataLoader(route.name);
    return createRoute({
      getParentRoute: () => signedIn,
      path: routePath(route.path),
      staticData: { routeName: route.name },
      ...routeSearchOptions(searchParserOf(route.name)),
      ...(prefetch
        ? {
            loaderDeps: ({ search }: { search: Record<string, unknown> }) => search,
            // Started with the page's chunk, not awaited: the page renders its own loading and error states.
            loader: ({
              context,
              deps,
            }: {
              context: AppRouterContext & { special?: SpecialView | null };
              deps: Record<string, unknown>;
            }) => {
              if (context.pageData && !context.special) void prefetch(context.pageData, deps);
            },
          }
        : {}),
      component: lazyRouteComponent(pageLoader(route.name)),
    });
  });
  const publicRoutes = uniqueByRoutePath(PUBLIC_ROUTES).map((route) =>
    createRoute({
      getParentRoute: () => signedOut,
      path: routePath(route.path),
      staticData: { routeName: route.name },
      component: lazyRouteComponent(pageLoader(route.name)),
    }),
  );
  // Everything else: the guard has already chosen NotFound; this only gives the path a match.
  const catchAll = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => null,
  });

  const routeTree = rootRoute.addChildren([
    signedIn.addChildren(appRoutes),
    signedOut.addChildren(publicRoutes),
    catchAll,
  ]);

  return createRouter({
    routeTree,
    context: { pageData: deps.pageData },
    ...(deps.history ? { history: deps.history } : {}),
    ...(deps.isServer !== undefined ? { isServer: deps.isServer } : {}),
    trailingSlash: 'preserve',
    parseSearch,
    stringifySearch,
    defaultPendingComponent: PagePending,
    defaultPendingMs: 300,
    // Once shown, TanStack's pending view stays at least 500 ms by default: a reload whose session refresh
    // took just over 300 ms then kept the spinner, the page's data already in, for ~400 ms more with the
    // main thread idle (the page's first paint on /subscriptions at 4x CPU: 2.0 -> 1.6 s without it).
    // The spinner may now show briefly; the page never waits for it.
    defaultPendingMinMs: 0,
    defaultErrorComponent: PageError,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
