import { APP_ROUTES, type AppRouteEntry, canOpen, MENU_GROUPS, type MenuGroup, type Role } from '@coin/contract';
import { NavLink, Stack, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from '@/i18n';
import { pageTitleKey } from '@/i18n/keys';
import { AppLink } from '@/router/AppLink';
import { selectSelectedMerchant, useSessionState } from '@/session';
import classes from './shell.module.css';

/** Side-menu groups; `account` pages live in the user menu. */
const SIDE_GROUPS = MENU_GROUPS.filter((group) => group !== 'account');

/** What of the selected merchant decides whether a page applies to it. */
export interface MenuMerchant {
  /** The merchant is its group's parent (§3 merchant_group.is_parent). */
  isGroupParent: boolean;
}

/**
 * Pages that apply only to some merchants. The route stays open to the roles of §6 (a link or a switch
 * may still land there, and the page says why it shows nothing); the menu leaves it out.
 */
const APPLIES: Readonly<Record<string, (merchant: MenuMerchant) => boolean>> = {
  // The group's payouts: only a group parent has a group to show (the server refuses the rest, 403).
  WithdrawalInfoMerchant: (merchant) => merchant.isGroupParent,
};

/** The routes the role may open and that apply to the merchant, by menu group, in the route table's order. */
export function menuSections(role: Role, merchant: MenuMerchant): { group: MenuGroup; routes: AppRouteEntry[] }[] {
  return SIDE_GROUPS.map((group) => ({
    group,
    routes: APP_ROUTES.filter(
      (route) => route.group === group && canOpen(route, role) && (APPLIES[route.name]?.(merchant) ?? true),
    ),
  })).filter((section) => section.routes.length > 0);
}

export function SideMenu({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (location) => location.pathname });
  const isGroupParent = useSessionState((state) => selectSelectedMerchant(state)?.merchant_group.is_parent ?? false);
  return (
    <Stack gap={8}>
      {menuSections(role, { isGroupParent }).map(({ group, routes }) => {
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
                  component={AppLink}
                  to={route.path}
                  // /refund must not light up on /refund/request.
                  activeOptions={{ exact: true }}
                  label={t(pageTitleKey(route.name))}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  variant="light"
                  classNames={{ root: classes.navLink, label: classes.navLabel }}
                />
              );
            })}
          </section>
        );
      })}
    </Stack>
  );
}
