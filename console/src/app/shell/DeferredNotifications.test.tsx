// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount } from '@/components/formTesting';
import { DeferredNotifications } from './DeferredNotifications';

vi.mock('@/app/config', () => ({ getConfig: () => ({ notificationMs: 60_000 }) }));

// The container's chunk, loaded here so that it resolves inside the act() of the show that mounts it.
beforeAll(async () => {
  await import('./ShellNotifications');
});

/** Shows a notification; the lazily mounted container renders it. */
const show = (message: string) => act(() => notifications.show({ message }));

afterEach(() => {
  act(() => notifications.clean());
});

describe('DeferredNotifications', () => {
  it('mounts no container until a notification is shown, then shows it and those after it', async () => {
    await mount(
      <Suspense fallback={null}>
        <DeferredNotifications />
      </Suspense>,
    );
    // The container itself is what is left out (it has no role to find it by): its element is looked for.
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    show('振込先口座を登録しました');
    expect(await screen.findByText('振込先口座を登録しました')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();

    show('加盟店を切り替えました');
    expect(await screen.findByText('加盟店を切り替えました')).toBeTruthy();
  });
});
