// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '@/components/formTesting';
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

// The idle wait runs on a fake clock the test moves; it also moves on by itself, so that React's and
// Mantine's own timers get their turns.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const field = () => screen.getByRole<HTMLInputElement>('combobox', { name: '加盟店を選択' });
/** The merchants' list, shown or kept mounted out of sight (a closed Mantine dropdown is display: none). */
const listbox = () => screen.queryByRole('listbox', { hidden: true });

async function pressArrowDown() {
  await act(async () => field().focus());
  fireEvent.keyDown(field(), { key: 'ArrowDown', code: 'ArrowDown' });
}

describe("the header's merchant choice", () => {
  it('leaves its closed list out of the first render; opened at once, the field names the list it opened', async () => {
    await mount(<MerchantSelect onSwitchingChange={() => {}} width={{ base: 160, sm: 240 }} />);
    expect(field().value).toBe('本店');
    expect(listbox()).toBeNull();
    expect(screen.queryAllByRole('option', { hidden: true })).toEqual([]);

    await pressArrowDown();
    const list = listbox();
    expect(list).not.toBeNull();
    expect(
      within(list as HTMLElement)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['本店', '駅前店']);
    expect(field().getAttribute('aria-expanded')).toBe('true');
    // The list's id (Mantine's useId: in the build, React's id, kept; here a random one replaces it).
    expect(field().getAttribute('aria-controls')).toMatch(/^mantine-/);
  });

  it('mounts the closed list once the browser is idle, so that the first ArrowDown lands on the current merchant', async () => {
    await mount(<MerchantSelect onSwitchingChange={() => {}} width={{ base: 160, sm: 240 }} />);
    expect(listbox()).toBeNull();
    // Idle: requestIdleCallback (2 s at most) or, in a DOM without it, 200 ms; React renders inside act().
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(listbox()).not.toBeNull();
    expect(field().getAttribute('aria-expanded')).toBe('false');

    await pressArrowDown();
    expect(field().getAttribute('aria-expanded')).toBe('true');
    const active = field().getAttribute('aria-activedescendant');
    expect(within(listbox() as HTMLElement).getByRole('option', { name: '本店', hidden: true }).id).toBe(active);
  });
});
