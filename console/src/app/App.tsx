import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '@/router/router';
import { selectRole, session, sessionStore } from '@/session';
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
});

registerNavigator((href) => {
  void router.navigate({ href });
});

/** The router only: Mantine's provider comes with the views that use it (app/MantineRoot.tsx). */
export function App() {
  return <RouterProvider router={router} />;
}
