import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { UserIcon } from '@/components/icons';
import { pageTitleKey, roleKey } from '@/i18n/keys';
import { pathOf } from '@/router/paths';
import { selectRole, session, useSessionState } from '@/session';

const ACCOUNT_PAGES = ['ChangePassword', 'ChangeEmail'] as const;

/** Nick name, role badge, and the menu of account pages and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const name = useSessionState((state) => state.user?.name ?? '');
  const role = useSessionState(selectRole);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500} visibleFrom="sm" truncate maw={180}>
        {name}
      </Text>
      <Badge variant="light" color="teal" visibleFrom="xs">
        {t(roleKey(role))}
      </Badge>
      <Menu position="bottom-end" shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('menu.userMenu')}>
            <UserIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          {ACCOUNT_PAGES.map((page) => (
            <Menu.Item key={page} component={Link} to={pathOf(page)}>
              {t(pageTitleKey(page))}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => session.logout()}>
            {t('actions.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
