import { RouterProvider } from '@tanstack/react-router';
import { type AppRouter, createAppRouter } from '@/router/router';
import { selectRole, selectSelectedMerchant, session, sessionStore } from '@/session';
import { registerNavigator } from './navigation';

let router: AppRouter | undefined;

/**
 * The router, made at the first render rather than as the entry is evaluated: building its route tree
 * took ~5 ms of thread time (×4 at Lighthouse's CPU) in the entry's evaluation, every load's longest task.
 */
function appRouter(): AppRouter {
  if (router) return router;
  const created = createAppRouter({
    hostname: () => window.location.hostname,
    session: {
      snapshot: () => {
        const state = sessionStore.getState();
        return { initialized: state.initialized, role: selectRole(state) };
      },
      initialize: () => session.initialize(),
    },
    pageData: {
      // With the signed-in layout's chunk; React Query stays out of the login page's first load.
      queryClient: () => import('@/app/queryClient').then((m) => m.queryClient),
      merchant: () => selectSelectedMerchant(sessionStore.getState()),
    },
  });
  registerNavigator((href) => {
    void created.navigate({ href });
  });
  router = created;
  return created;
}

/** The router only: Mantine's provider comes with the views that use it (app/MantineRoot.tsx). */
export function App() {
  return <RouterProvider router={appRouter()} />;
}
