// @vitest-environment happy-dom
import { act, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeeDetailModal } from '@/pages/top/FeeDetailModal';
import { HistoryDrawer } from '@/pages/transaction/HistoryDrawer';
import { type Mounted, mount, settleDialogFocus } from './formTesting';
import EmptyCsvDialog from './period/EmptyCsvDialog';

// The app's client and session need a browser: the dialogs' calls never answer here.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(() => new Promise(() => {})), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

/**
 * Every dialog that is not a ConfirmDialog, open, with the title it shows and what tells its controls
 * are all there: the fee detail's CSV encoding menu loads on its own (its button is disabled until then,
 * and a Tab taken while it loads would land on it).
 */
const dialogs: [string, () => ReactElement, string, (dialog: HTMLElement) => boolean][] = [
  [
    'the empty-CSV question',
    () => <EmptyCsvDialog fileName="a.csv" onAnswer={() => {}} />,
    '該当するデータがありません',
    () => true,
  ],
  [
    'the fee detail',
    () => <FeeDetailModal merchantId={7} merchantName="めぶく商店" month="202610" onClose={() => {}} />,
    '2026年10月の手数料明細',
    (dialog) => dialog.querySelector('button[aria-haspopup="menu"]:not(:disabled)') !== null,
  ],
  [
    'the transaction detail drawer',
    () => <HistoryDrawer walletNo="1234567890" transactionId={4812} onClose={() => {}} />,
    '取引の詳細',
    () => true,
  ],
];

const tabbables = (root: Element) =>
  [...root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex="0"]')].filter(
    (element) => !element.hasAttribute('disabled'),
  );

describe.each(dialogs)('%s', (_name, element, title, ready) => {
  it('is a modal dialog named by its title, with a close button named 閉じる, over the dimmed page', async () => {
    mounted = await mount(element());
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    const titleId = dialog?.getAttribute('aria-labelledby');
    expect(titleId && document.getElementById(titleId)?.textContent).toBe(title);
    expect(dialog?.querySelector('header button[aria-label="閉じる"]')).not.toBeNull();
    // The shared dimming (useDialogFrame): the same opacity and blur under every dialog.
    const overlay = document.querySelector<HTMLElement>('.mantine-Overlay-root');
    expect(overlay?.style.getPropertyValue('--overlay-bg')).toBe('rgba(0, 0, 0, 0.55)');
    expect(overlay?.style.getPropertyValue('--overlay-filter')).toContain('blur(');
  });

  it('keeps the focus inside: Tab on its last control comes back to its first', async () => {
    mounted = await mount(element());
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    await expect.poll(() => ready(dialog)).toBe(true);
    await settleDialogFocus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    const controls = tabbables(dialog);
    const last = controls.at(-1);
    if (!last) throw new Error('nothing to focus');
    await act(async () => last.focus());
    expect(document.activeElement).toBe(last);
    await act(async () => {
      last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    });
    expect(document.activeElement).toBe(controls[0]);
  });
});
