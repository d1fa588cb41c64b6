import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { lazy, type Ref, Suspense, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/app/whenIdle';
import { UserIcon } from '@/components/icons';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { selectRole, useSessionState } from '@/session';

// The menu (Mantine Menu and its styles) is off the shell's critical chunk; its button shows at once.
const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(loadAccountMenu);

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
  // The menu takes the stand-in button's place only once the stand-in has been clicked (its chunk is
  // fetched when the browser is idle, so it is usually there by then): swapped in by itself, the menu
  // could replace the button between a press and its release, and that click went to neither button.
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => void loadAccountMenu()), []);
  const label = name ? t('menu.userMenuOf', { name, role: roleName }) : t('menu.userMenu');
  const menuButton = useRef<HTMLButtonElement>(null);
  // Mounted open by the stand-in's click, the menu does not know where the focus was (the stand-in that had
  // it is gone), so Mantine gives it back to nothing when it closes: its own button takes it, as after any
  // other opening, unless the focus has already gone elsewhere (a click outside on another control).
  const keepFocus = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="menu"]')) menuButton.current?.focus();
  };
  const button = (onClick?: () => void, ref?: Ref<HTMLButtonElement>) => (
    <ActionIcon
      ref={ref}
      variant="default"
      size="lg"
      radius="xl"
      aria-label={label}
      onClick={onClick}
      {...(onClick ? { 'aria-haspopup': 'menu' as const, 'aria-expanded': false } : {})}
    >
      <UserIcon />
    </ActionIcon>
  );
  const standIn = button(() => setWanted(true));
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Text size="sm" fw={500} truncate maw={180} miw={0} title={name}>
        {name}
      </Text>
      <Badge variant="light" color="teal" visibleFrom="xs" style={{ flexShrink: 0 }}>
        {roleName}
      </Badge>
      {wanted ? (
        <Suspense fallback={standIn}>
          <AccountMenu name={name} role={roleName} target={button(undefined, menuButton)} onClose={keepFocus} />
        </Suspense>
      ) : (
        standIn
      )}
    </Group>
  );
}
