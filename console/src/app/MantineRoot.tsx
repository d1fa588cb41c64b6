import './styles';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine's provider with our theme, and Mantine's styles. Every view but the first paint's (the
 * Login page, the public frame, the route states) is rendered inside it: the signed-in layout, the
 * other public pages and the special pages get it from their loader (router/pages.ts), so the login
 * page's first load carries no Mantine (DESIGN §11, issue 14).
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false}>
      {children}
    </MantineProvider>
  );
}
