import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '@/router/router';
import { selectRole, selectSelectedMerchant, session, sessionStore } from '@/session';
import { registerNavigator } from './navigation';

export const router = createAppRouter({
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
  void router.navigate({ href });
});

/** The router only: Mantine's provider comes with the views that use it (app/MantineRoot.tsx). */
export function App() {
  return <RouterProvider router={router} />;
}
