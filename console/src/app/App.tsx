import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '@/router/router';
import { selectRole, session, sessionStore } from '@/session';
import { registerNavigator } from './navigation';
import { cssVariablesResolver, theme } from './theme';

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

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false}>
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
