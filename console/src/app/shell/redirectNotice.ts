import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import type { TFunction } from '@/i18n';
import { pageTitleKey, roleKey } from '@/i18n/keys';
import type { RedirectNotice } from '@/router/guard';
import { redirectNotices } from '@/router/guard';
import { selectRole, selectSelectedMerchant, sessionStore } from '@/session';

/** The notification of a page refused to the current role (the guard moved the user to Top). */
export function roleRefusedNotification(t: TFunction, notice: RedirectNotice, role: string) {
  return {
    color: 'yellow',
    title: t('menu.notices.movedToTop'),
    message: t('menu.notices.roleRefused', { role, page: t(pageTitleKey(notice.page)) }),
  };
}

/** One notification for a merchant switch: which merchant is current, and a page refused there if any. */
export function switchedNotification(t: TFunction, merchant: string, role: string, notice: RedirectNotice | null) {
  return {
    color: 'teal',
    title: t('menu.notices.switched', { merchant }),
    message: notice
      ? t('menu.notices.switchedRoleRefused', { role, page: t(pageTitleKey(notice.page)) })
      : t('menu.notices.switchedRole', { role }),
  };
}

const currentRoleName = (t: TFunction) => t(roleKey(selectRole(sessionStore.getState())));

/** Shows each redirect notice of the guard while the signed-in shell is up (and one given before it). */
export function useRedirectNotices(t: TFunction): void {
  useEffect(
    () =>
      redirectNotices.listen((notice) => {
        notifications.show(roleRefusedNotification(t, notice, currentRoleName(t)));
      }),
    [t],
  );
}

/** Run a merchant switch and the guard's new decision, then confirm it in one notification. */
export async function switchWithNotice(t: TFunction, run: () => Promise<void>): Promise<void> {
  redirectNotices.hold();
  let notice: RedirectNotice | null = null;
  try {
    await run();
  } finally {
    notice = redirectNotices.release();
  }
  const merchant = selectSelectedMerchant(sessionStore.getState())?.name ?? '';
  notifications.show(switchedNotification(t, merchant, currentRoleName(t), notice));
}
