import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { getConfig } from '@/app/config';

/**
 * The notifications container, a chunk of its own loaded after the shell's first render: nothing
 * is shown at first paint, and `notifications.show()` calls made before it mounts still appear.
 */
export default function ShellNotifications() {
  return <Notifications autoClose={getConfig().notificationMs} position="top-right" />;
}
