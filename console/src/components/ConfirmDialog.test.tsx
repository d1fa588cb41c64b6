// @vitest-environment happy-dom
import { QueryClient, useMutation } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { type Mounted, mount } from './formTesting';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

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

const confirmButton = () =>
  [...document.querySelectorAll('button')].find((button) => button.textContent === '実行する');

describe('ConfirmDialog', () => {
  it.each([
    ['danger', true],
    ['primary', false],
  ] as const)('a %s action is red: %s', async (tone, red) => {
    mounted = await mount(<Dialog tone={tone} />, new QueryClient());
    const button = confirmButton();
    expect(button).toBeDefined();
    const style = button?.getAttribute('style') ?? '';
    expect(style.includes('--mantine-color-red-filled')).toBe(red);
  });

  it('is a modal dialog with a labelled close button, the focus starting on the way out', async () => {
    mounted = await mount(<Dialog tone="primary" />, new QueryClient());
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect(dialog?.querySelector('button[aria-label="閉じる"]')).not.toBeNull();
    await expect.poll(() => document.activeElement?.textContent).toBe('キャンセル');
  });

  it('tells how it closed: done after the action, dismissed by the way out', async () => {
    const outcomes: string[] = [];
    mounted = await mount(<Dialog tone="primary" onClose={(outcome) => outcomes.push(outcome)} />, new QueryClient());
    const dismiss = [...document.querySelectorAll('button')].find((button) => button.textContent === 'キャンセル');
    await act(async () => dismiss?.click());
    await act(async () => confirmButton()?.click());
    await expect.poll(() => outcomes).toEqual(['dismissed', 'done']);
  });
});
