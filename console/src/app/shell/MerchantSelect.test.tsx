// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Mounted, mount } from '@/components/formTesting';
import { createSessionStore } from '@/session/store';
import type { SessionState } from '@/session/types';
import MerchantSelect from './MerchantSelect';

vi.mock('@tanstack/react-router', () => ({ useRouter: () => ({ invalidate: vi.fn() }) }));
vi.mock('@/session', () => {
  const store = createSessionStore({
    user: {
      user_id: 1,
      email: 'owner@example.com',
      name: '鈴木',
      roles: [
        { merchant_id: 1, role: 'Owner' },
        { merchant_id: 2, role: 'Owner' },
      ],
    },
    merchants: [
      { merchant_id: 1, name: '本店' },
      { merchant_id: 2, name: '駅前店' },
    ] as SessionState['merchants'],
    selectedMerchantId: 1,
    initialized: true,
  });
  return {
    session: { switchMerchant: vi.fn() },
    useSessionState: <T,>(select: (state: SessionState) => T): T => select(store.getState()),
  };
});

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const listbox = () => document.body.querySelector('[role="listbox"]');
const field = () => document.body.querySelector<HTMLInputElement>('input[aria-label="加盟店を選択"]');

describe("the header's merchant choice", () => {
  it('leaves its closed list out of the first render; opened at once, the field names the list it opened', async () => {
    mounted = await mount(<MerchantSelect onSwitchingChange={() => {}} width={{ base: 160, sm: 240 }} />);
    expect(field()?.value).toBe('本店');
    expect(listbox()).toBeNull();
    expect(document.body.querySelector('[role="option"]')).toBeNull();

    await act(async () => {
      field()?.focus();
      field()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', bubbles: true }));
    });
    expect(listbox()).not.toBeNull();
    expect([...document.body.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toEqual([
      '本店',
      '駅前店',
    ]);
    expect(field()?.getAttribute('aria-expanded')).toBe('true');
    // The list's id (Mantine's useId: in the build, React's id, kept; here a random one replaces it).
    expect(field()?.getAttribute('aria-controls')).toMatch(/^mantine-/);
  });

  it('mounts the closed list once the browser is idle, so that the first ArrowDown lands on the current merchant', async () => {
    mounted = await mount(<MerchantSelect onSwitchingChange={() => {}} width={{ base: 160, sm: 240 }} />);
    expect(listbox()).toBeNull();
    // Idle: requestIdleCallback (2 s at most) or, in a DOM without it, 200 ms; React renders inside act().
    for (const deadline = Date.now() + 3000; !listbox() && Date.now() < deadline; ) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    expect(listbox()).not.toBeNull();
    expect(field()?.getAttribute('aria-expanded')).toBe('false');

    await act(async () => {
      field()?.focus();
      field()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', bubbles: true }));
    });
    expect(field()?.getAttribute('aria-expanded')).toBe('true');
    expect(document.body.querySelector('[data-combobox-selected]')?.textContent).toBe('本店');
  });
});
