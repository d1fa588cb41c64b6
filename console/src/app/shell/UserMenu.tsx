import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { UserIcon } from '@/components/icons';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { selectRole, useSessionState } from '@/session';

// The menu (Mantine Menu and its styles) is off the shell's critical chunk; its button shows at once.
const AccountMenu = lazy(() => import('./AccountMenu'));

/**
 * Nick name, role badge, and the menu of account pages and logout. On a phone the name shows cut to the
 * room the header has left and the badge is left out; the menu's button names both, and the menu opens
 * with the full name and the role.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const name = useSessionState((state) => state.user?.name ?? '');
  const role = useSessionState(selectRole);
  const roleName = t(roleKey(role));
  // A click before the menu's chunk has arrived is not lost: the menu opens as soon as it is there. The
  // stand-in takes the request as the pointer goes down, not at the click: should the menu replace it
  // between press and release, the click would go to neither button (keys still come as a click).
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const label = name ? t('menu.userMenuOf', { name, role: roleName }) : t('menu.userMenu');
  const button = (request?: () => void) => (
    <ActionIcon variant="default" size="lg" radius="xl" aria-label={label} onPointerDown={request} onClick={request}>
      <UserIcon />
    </ActionIcon>
  );
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Text size="sm" fw={500} truncate maw={180} miw={0} title={name}>
        {name}
      </Text>
      <Badge variant="light" color="teal" visibleFrom="xs" style={{ flexShrink: 0 }}>
        {roleName}
      </Badge>
      <Suspense fallback={button(() => setOpenWhenLoaded(true))}>
        <AccountMenu name={name} role={roleName} target={button()} defaultOpened={openWhenLoaded} />
      </Suspense>
    </Group>
  );
}
