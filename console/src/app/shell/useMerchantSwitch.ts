import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { errorMessageKey } from '@/api/errors';
import { useTranslation } from '@/i18n';
import { session, useSessionState } from '@/session';
import { switchWithNotice } from './redirectNotice';

// One switch at a time, whichever control started it: every control shows it and refuses another.
let switchingNow = false;
const listeners = new Set<() => void>();
function setSwitching(switching: boolean) {
  switchingNow = switching;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getSwitching = () => switchingNow;

/**
 * Selecting another merchant, wherever the user asks for it (the header's choice, Top's 「すべての店舗」):
 * the new session first, then the guard's decision on the current page, then one notification; a failure
 * is told and changes nothing. `switching` is true while any switch runs.
 */
export function useMerchantSwitch() {
  const { t } = useTranslation();
  const router = useRouter();
  const selectedMerchantId = useSessionState((state) => state.selectedMerchantId);
  const switching = useSyncExternalStore(subscribe, getSwitching, getSwitching);

  async function switchTo(merchantId: number) {
    if (switchingNow || merchantId === selectedMerchantId) return;
    setSwitching(true);
    try {
      await switchWithNotice(t, async () => {
        await session.switchMerchant(merchantId);
        // Re-run the guard: the new role may not open the current page (the notice then says so).
        await router.invalidate();
      });
    } catch (error) {
      notifications.show({ color: 'red', title: t('errors.switchMerchantFailed'), message: t(errorMessageKey(error)) });
    } finally {
      setSwitching(false);
    }
  }

  return { switching, switchTo };
}
