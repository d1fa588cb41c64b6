import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SelectorIcon } from '@/components/icons';
import { useTranslation } from '@/i18n';
import { useSessionState } from '@/session';

// The select (Mantine Combobox, floating positioning, scroll area) is off the shell's chunk; until it
// has loaded, the current merchant shows in a read-only field of the same size.
const MerchantSelect = lazy(() => import('./MerchantSelect'));

// On a phone as wide as the header leaves beside the menu button and the user menu (390 px: 「めぶくカフェ 駅前店」 whole).
const WIDTH = { base: 196, sm: 240 };

/** The header's merchant choice. */
export function MerchantSwitcher({ onSwitchingChange }: { onSwitchingChange: (switching: boolean) => void }) {
  const { t } = useTranslation();
  const current = useSessionState(
    (state) => state.merchants.find((m) => m.merchant_id === state.selectedMerchantId)?.name ?? '',
  );
  const placeholder = (
    <TextInput
      aria-label={t('menu.merchantSwitcher')}
      value={current}
      readOnly
      tabIndex={-1}
      rightSection={<SelectorIcon color="var(--mantine-color-gray-6)" />}
      rightSectionPointerEvents="none"
      w={WIDTH}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <MerchantSelect onSwitchingChange={onSwitchingChange} width={WIDTH} />
    </Suspense>
  );
}
