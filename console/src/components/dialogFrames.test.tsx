// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FeeDetailModal } from '@/pages/top/FeeDetailModal';
import { HistoryDrawer } from '@/pages/transaction/HistoryDrawer';
import { mount, settleDialogFocus, user } from './formTesting';
import EmptyCsvDialog from './period/EmptyCsvDialog';

// The app's client and session need a browser: the dialogs' calls never answer here.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(() => new Promise(() => {})), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

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
    (dialog) =>
      within(dialog)
        .queryAllByRole('button')
        .some((button) => button.getAttribute('aria-haspopup') === 'menu' && !(button as HTMLButtonElement).disabled),
  ],
  [
    'the transaction detail drawer',
    () => <HistoryDrawer walletNo="1234567890" transactionId={4812} onClose={() => {}} />,
    '取引の詳細',
    () => true,
  ],
];

/** What Tab stops on inside the dialog, in document order (what the focus trap cycles through). */
const tabbables = (root: Element) =>
  [...root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex="0"]')].filter(
    (element) => !element.hasAttribute('disabled'),
  );

describe.each(dialogs)('%s', (_name, element, title, ready) => {
  it('is a modal dialog named by its title, with a close button named 閉じる, over the dimmed page', async () => {
    await mount(element());
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // In the dialog's header, beside its title.
    expect(within(dialog).getByRole('button', { name: '閉じる' }).closest('header')).not.toBeNull();
    // The shared dimming (useDialogFrame): the same opacity and blur under every dialog. A look, not
    // something read: the overlay's element and style are looked at.
    const overlay = document.querySelector<HTMLElement>('.mantine-Overlay-root');
    expect(overlay?.style.getPropertyValue('--overlay-bg')).toBe('rgba(0, 0, 0, 0.55)');
    expect(overlay?.style.getPropertyValue('--overlay-filter')).toContain('blur(');
  });

  it('keeps the focus inside: Tab on its last control comes back to its first', async () => {
    await mount(element());
    const dialog = screen.getByRole('dialog', { name: title });
    await expect.poll(() => ready(dialog)).toBe(true);
    await settleDialogFocus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    const controls = tabbables(dialog);
    const last = controls.at(-1);
    if (!last) throw new Error('nothing to focus');
    await act(async () => last.focus());
    expect(document.activeElement).toBe(last);
    await user().tab();
    expect(document.activeElement).toBe(controls[0]);
  });
});
