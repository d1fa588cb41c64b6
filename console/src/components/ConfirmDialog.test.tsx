// @vitest-environment happy-dom
import { QueryClient, useMutation } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { mount, user } from './formTesting';

function Dialog({
  tone,
  onClose = () => {},
}: {
  tone: 'danger' | 'primary';
  onClose?: (outcome: 'done' | 'dismissed') => void;
}) {
  const mutation = useMutation({ mutationFn: async (_: number) => undefined });
  return (
    <ConfirmDialog
      title="確認"
      body="実行しますか？"
      confirmLabel="実行する"
      tone={tone}
      failedTitle="失敗しました"
      doneMessage="完了しました"
      mutation={mutation}
      variables={1}
      onClose={onClose}
    />
  );
}

const confirmButton = () => screen.getByRole('button', { name: '実行する' });

describe('ConfirmDialog', () => {
  it.each([
    ['danger', true],
    ['primary', false],
  ] as const)('a %s action is red: %s', async (tone, red) => {
    await mount(<Dialog tone={tone} />, new QueryClient());
    // The colour is the one thing read from the markup: the style Mantine gives the button.
    const style = confirmButton().getAttribute('style') ?? '';
    expect(style.includes('--mantine-color-red-filled')).toBe(red);
  });

  it('is a modal dialog with a labelled close button, the focus starting on the way out', async () => {
    await mount(<Dialog tone="primary" />, new QueryClient());
    const dialog = screen.getByRole('dialog', { name: '確認' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('button', { name: '閉じる' })).toBeTruthy();
    const wayOut = within(dialog).getByRole('button', { name: 'キャンセル' });
    await expect.poll(() => document.activeElement).toBe(wayOut);
  });

  it('tells how it closed: done after the action, dismissed by the way out', async () => {
    const outcomes: string[] = [];
    await mount(<Dialog tone="primary" onClose={(outcome) => outcomes.push(outcome)} />, new QueryClient());
    await user().click(screen.getByRole('button', { name: 'キャンセル' }));
    await user().click(confirmButton());
    await expect.poll(() => outcomes).toEqual(['dismissed', 'done']);
  });
});
