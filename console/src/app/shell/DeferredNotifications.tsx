import { useNotifications } from '@mantine/notifications';
import { lazy, useState } from 'react';

// Off the shell's critical chunk: the container (and its transition library) loads with the first notification.
const ShellNotifications = lazy(() => import('./ShellNotifications'));

/**
 * The notifications container, mounted when the first notification is shown (and kept): until then
 * neither its chunk nor its render (a portal and a transition group per position) takes main-thread
 * time while a page loads. A notification shown before it mounts waits in Mantine's store and appears
 * with it. Render it inside a Suspense boundary.
 */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  return wanted ? <ShellNotifications /> : null;
}
