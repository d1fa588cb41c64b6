// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Mounted, mount } from '@/components/formTesting';
import { DeferredNotifications } from './DeferredNotifications';

vi.mock('@/app/config', () => ({ getConfig: () => ({ notificationMs: 60_000 }) }));

// The container's chunk, loaded here so that it resolves inside the act() of the show that mounts it.
beforeAll(async () => {
  await import('./ShellNotifications');
});

/** Shows a notification and lets the lazily mounted container render it. */
const show = (message: string) =>
  act(async () => {
    notifications.show({ message });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  act(() => notifications.clean());
});

describe('DeferredNotifications', () => {
  it('mounts no container until a notification is shown, then shows it and those after it', async () => {
    mounted = await mount(
      <Suspense fallback={null}>
        <DeferredNotifications />
      </Suspense>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    await show('振込先口座を登録しました');
    expect(document.body.textContent).toContain('振込先口座を登録しました');
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();

    await show('加盟店を切り替えました');
    expect(document.body.textContent).toContain('加盟店を切り替えました');
  });
});
