import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { pageTitleKey } from '@/i18n/keys';
import { AppLink } from '@/router/AppLink';
import { pathOf } from '@/router/paths';
import { session } from '@/session';
import classes from './shell.module.css';

const ACCOUNT_PAGES = ['ChangePassword', 'ChangeEmail'] as const;

/**
 * The user menu (account pages and logout) around its button: a chunk of its own, loaded when the
 * shell first renders; UserMenu shows the same button until then.
 */
export default function AccountMenu({
  name,
  role,
  target,
  defaultOpened = false,
}: {
  name: string;
  /** The role's name in the current merchant. */
  role: string;
  target: ReactNode;
  /** Open at once: the button was clicked while this chunk was loading. */
  defaultOpened?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={220} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {/* Who is signed in, in full: the header may show the name cut, and not the role, on a phone. */}
        <Menu.Label className={classes.who}>
          <span className={classes.whoName}>{name}</span>
          <span>{role}</span>
        </Menu.Label>
        {ACCOUNT_PAGES.map((page) => (
          <Menu.Item key={page} component={AppLink} to={pathOf(page)}>
            {t(pageTitleKey(page))}
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
