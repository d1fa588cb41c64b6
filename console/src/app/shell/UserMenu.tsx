import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { UserIcon } from '@/components/icons';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { selectRole, useSessionState } from '@/session';

// The menu (Mantine Menu and its styles) is off the shell's critical chunk; its button shows at once.
const AccountMenu = lazy(() => import('./AccountMenu'));

/** Nick name, role badge, and the menu of account pages and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const name = useSessionState((state) => state.user?.name ?? '');
  const role = useSessionState(selectRole);
  // A click before the menu's chunk has arrived is not lost: the menu opens as soon as it is there.
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const button = (onClick?: () => void) => (
    <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('menu.userMenu')} onClick={onClick}>
      <UserIcon />
    </ActionIcon>
  );
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500} visibleFrom="sm" truncate maw={180}>
        {name}
      </Text>
      <Badge variant="light" color="teal" visibleFrom="xs">
        {t(roleKey(role))}
      </Badge>
      <Suspense fallback={button(() => setOpenWhenLoaded(true))}>
        <AccountMenu name={name} target={button()} defaultOpened={openWhenLoaded} />
      </Suspense>
    </Group>
  );
}
