// Shared bases first (entry styles hold UnstyledButton, Input, Loader…), then the shell's components.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Divider.css';
import { AppShell, Box, Burger, Center, Group, Loader, Text, useMatches } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { queryClient } from '@/app/queryClient';
import { useTranslation } from '@/i18n';
import { PAGE_MAIN_ID, selectRole, useSessionState } from '@/session';
import { DeferredNotifications } from './DeferredNotifications';
import { MerchantSwitcher } from './MerchantSwitcher';
import { useRedirectNotices } from './redirectNotice';
import { SideMenu } from './SideMenu';
import classes from './shell.module.css';
import { UserMenu } from './UserMenu';
import { useLinkHandover } from './useLinkHandover';

// The page's region: the idle guard keeps the drafts of the fields inside it (issue 48).
const MAIN_ID = PAGE_MAIN_ID;

// Trust: the password prompt of a step-up the server asks for (it registers itself with the API client).
const StepUpDialog = lazy(() => import('./StepUpDialog'));
// Issue 48: the warning before the automatic sign-out for inactivity, and the drafts it keeps.
const IdleGuard = lazy(() => import('./IdleGuard'));

/** The signed-in layout: header (merchant switcher, user), side menu by role, notifications. */
export default function SignedInLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [switching, setSwitching] = useState(false);
  const role = useSessionState(selectRole);
  // Below the navbar's breakpoint the closed menu is only moved off screen: inert keeps its links out
  // of the Tab order (20-odd invisible stops before the page), and a link chosen there hands focus to
  // the page instead of to a link that is about to leave the screen.
  const phone = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  // Until a phone's menu is first opened, the browser skips its 20-odd links altogether (styles, layout,
  // paint): they were a third of the elements of the page's first layout, the longest task of a phone's
  // load. Once shown it stays rendered, so closing it slides the links out with the panel.
  const [menuShown, setMenuShown] = useState(opened);
  if (opened && !menuShown) setMenuShown(true);
  const leaveMenu = () => {
    if (phone) document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    close();
  };
  useLinkHandover();
  useRedirectNotices(t);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <Suspense fallback={null}>
        <DeferredNotifications />
        <StepUpDialog />
      </Suspense>
      <Suspense fallback={null}>
        <IdleGuard />
      </Suspense>
      <AppShell.Header>
        <a className={classes.skipLink} href={`#${MAIN_ID}`}>
          {t('common.skipToContent')}
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('actions.toggleMenu')}
              aria-expanded={opened}
            />
            <Text fw={700} c="teal.9" visibleFrom="md">
              {t('common.appName')}
            </Text>
            <MerchantSwitcher onSwitchingChange={setSwitching} />
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        aria-label={t('menu.main')}
        inert={phone && !opened}
        className={phone && !menuShown ? classes.menuNotShownYet : undefined}
      >
        <AppShell.Section grow className={classes.menuScroll}>
          <SideMenu role={role} onNavigate={leaveMenu} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} bg="gray.0" tabIndex={-1} className={classes.main}>
        <Box pos="relative" mih="calc(100vh - 120px)">
          {switching && (
            <Center className={classes.switchingOverlay} role="status">
              <Loader aria-label={t('menu.switchingMerchant')} />
            </Center>
          )}
          <QueryClientProvider client={queryClient}>
            <Outlet />
          </QueryClientProvider>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
