import '@mantine/core/styles/Menu.css';
import { APP_ROUTES } from '@coin/contract';
import { Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { pageTitleKey } from '@/i18n/keys';
import { AppLink } from '@/router/AppLink';
import { session } from '@/session';
import classes from './shell.module.css';

/** The route table's account pages (password, email, two-step sign-in, signed-in devices), in its order. */
const ACCOUNT_PAGES = APP_ROUTES.filter((route) => route.group === 'account');

/**
 * The user menu (account pages and logout) around its button: a chunk of its own, fetched when the
 * browser is idle and mounted, open, at the first click on UserMenu's stand-in of the same button (so it
 * opens as it mounts).
 */
export default function AccountMenu({
  name,
  role,
  target,
  onClose,
}: {
  name: string;
  /** The role's name in the current merchant. */
  role: string;
  target: ReactNode;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={220} defaultOpened onClose={onClose}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {/* Who is signed in, in full: the header may show the name cut, and not the role, on a phone. */}
        <Menu.Label className={classes.who}>
          <span className={classes.whoName}>{name}</span>
          <span>{role}</span>
        </Menu.Label>
        {ACCOUNT_PAGES.map((page) => (
          <Menu.Item key={page.name} component={AppLink} to={page.path}>
            {t(pageTitleKey(page.name))}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => session.logout()}>
          {t('actions.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
