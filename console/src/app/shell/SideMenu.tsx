import { APP_ROUTES, type AppRoute, canOpen, MENU_GROUPS, type MenuGroup, type Role } from '@coin/contract';
import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from '@/i18n';
import { pageTitleKey } from '@/i18n/keys';

/** Side-menu groups; `account` pages live in the user menu. */
const SIDE_GROUPS = MENU_GROUPS.filter((group) => group !== 'account');

/** The routes the role may open, by menu group, in the route table's order. */
export function menuSections(role: Role): { group: MenuGroup; routes: AppRoute[] }[] {
  return SIDE_GROUPS.map((group) => ({
    group,
    routes: APP_ROUTES.filter((route) => route.group === group && canOpen(route, role)),
  })).filter((section) => section.routes.length > 0);
}

export function SideMenu({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Stack gap="md">
      {menuSections(role).map(({ group, routes }) => {
        const headingId = `menu-group-${group}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            {/* A group of one page named like its page (トップ) needs no heading of its own. */}
            <Text
              component="h2"
              id={headingId}
              size="xs"
              fw={700}
              c="dimmed"
              px="sm"
              mt={0}
              mb={4}
              hidden={group === 'home'}
            >
              {t(`menu.groups.${group}`)}
            </Text>
            {routes.map((route) => {
              const active = pathname === route.path;
              return (
                <NavLink
                  key={route.path}
                  component={Link}
                  to={route.path}
                  // /refund must not light up on /refund/request.
                  activeOptions={{ exact: true }}
                  label={t(pageTitleKey(route.name))}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  variant="light"
                />
              );
            })}
          </section>
        );
      })}
    </Stack>
  );
}
