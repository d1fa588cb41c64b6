import { Loader, Select } from '@mantine/core';
import { useEffect, useReducer, useState } from 'react';
import { whenIdle } from '@/app/whenIdle';
import { useTranslation } from '@/i18n';
import { useSessionState } from '@/session';
import { useMerchantSwitch } from './useMerchantSwitch';

/** The merchants the user holds a role in; switching obtains the new session before anything changes. */
export default function MerchantSelect({
  onSwitchingChange,
  width,
}: {
  onSwitchingChange: (switching: boolean) => void;
  width: { base: number; sm: number };
}) {
  const { t } = useTranslation();
  const merchants = useSessionState((state) => state.merchants);
  const roles = useSessionState((state) => state.user?.roles);
  const selectedMerchantId = useSessionState((state) => state.selectedMerchantId);
  const { switching, switchTo } = useMerchantSwitch();
  // The shell covers the page while a switch runs, this select's or another control's.
  useEffect(() => onSwitchingChange(switching), [switching, onSwitchingChange]);
  // Mantine keeps a select's list mounted while closed, so that the field can name it (aria-controls)
  // and the first ArrowDown lands on the current merchant. Mounted with the page, the closed list was
  // laid out and positioned by floating-ui in the shell's first commit (a forced layout in the page's
  // longest task); it is mounted once the browser is idle instead. Opened before that, the list mounts
  // as it opens, and Mantine hands its id to the field without rendering the field again: one more
  // render once open gives the field its aria-expanded and aria-controls.
  const [keepListMounted, setKeepListMounted] = useState(false);
  useEffect(() => whenIdle(() => setKeepListMounted(true)), []);
  const [open, setOpen] = useState(false);
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (open) renderAgain();
  }, [open]);

  const held = new Set((roles ?? []).map((r) => r.merchant_id));
  const data = merchants
    .filter((m) => held.has(m.merchant_id))
    .map((m) => ({ value: String(m.merchant_id), label: m.name }));

  function change(value: string | null) {
    if (value !== null) void switchTo(Number(value));
  }

  return (
    <Select
      aria-label={t('menu.merchantSwitcher')}
      data={data}
      value={selectedMerchantId === null ? null : String(selectedMerchantId)}
      onChange={change}
      allowDeselect={false}
      // Read-only, not disabled, while switching: a disabled field would drop the keyboard user's focus
      // to the start of the page.
      readOnly={switching}
      aria-busy={switching}
      rightSection={switching ? <Loader size="xs" aria-label={t('menu.switchingMerchant')} /> : undefined}
      w={width}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      comboboxProps={{ withinPortal: true, keepMounted: keepListMounted }}
    />
  );
}
