import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { getConfig } from '@/app/config';

/**
 * The notifications container, a chunk of its own loaded after the shell's first render: nothing
 * is shown at first paint, and `notifications.show()` calls made before it mounts still appear.
 * On a phone they come at the bottom: at the top they would cover the header's controls (the
 * merchant switcher, the user menu) while they show.
 */
export default function ShellNotifications() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications autoClose={getConfig().notificationMs} position={phone ? 'bottom-center' : 'top-right'} />;
}
