// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { mount } from '@/components/formTesting';
import { resumeFormDraft, session, signOutForInactivity } from '@/session';
import IdleGuard from './IdleGuard';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn() } }));
vi.mock('@/session', () => ({
  session: { logout: vi.fn() },
  signOutForInactivity: vi.fn(),
  resumeFormDraft: vi.fn(() => () => {}),
}));

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The shop's minutes, as the server answers each touch. */
const MINUTES = 5;
const TITLE = 'まもなく自動的にログアウトします';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 11, 1, 1, 0, 0));
  vi.mocked(api.call).mockImplementation((async (id: string) => {
    if (id === 'touchSession')
      return { idle_timeout_minutes: MINUTES, expires_at: new Date(Date.now() + MINUTES * MINUTE).toISOString() };
    throw new Error(`unexpected ${id}`);
  }) as typeof api.call);
});
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(api.call).mockReset();
  vi.mocked(signOutForInactivity).mockClear();
  vi.mocked(session.logout).mockClear();
});

const touches = () => vi.mocked(api.call).mock.calls.filter(([id]) => id === 'touchSession').length;
const warning = () => screen.queryByRole('dialog', { name: TITLE });
/**
 * Time passes, the timers due on the way running as they would. In steps of a second at most: React
 * renders what a timer changed (and the guard sets its next timer) when each act() ends.
 */
async function pass(ms: number) {
  let left = ms;
  do {
    const step = Math.min(left, SECOND);
    await act(() => vi.advanceTimersByTimeAsync(step));
    left -= step;
  } while (left > 0);
}

/**
 * Presses a button of the dialog. A click as fireEvent makes it: user-event waits on timers of its own,
 * which a clock that only the test moves never runs.
 */
async function press(name: string, dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name }));
  await act(async () => {});
}

describe('the idle guard (issue 48)', () => {
  it('learns the minutes as the shell opens, warns a minute before the end with a countdown, and stays on request', async () => {
    await mount(<IdleGuard />);
    expect(touches()).toBe(1);
    expect(resumeFormDraft).toHaveBeenCalled();

    await pass(MINUTES * MINUTE - MINUTE - SECOND);
    expect(warning()).toBeNull();
    // The second it comes, and the dialog's opening transition.
    await pass(SECOND + 200);
    const dialog = warning();
    expect(dialog).not.toBeNull();
    expect(within(dialog as HTMLElement).getByText(/あと60秒でログアウトします/)).toBeTruthy();

    // The countdown moves each second; what a screen reader is told does not.
    await pass(5 * SECOND);
    expect(within(dialog as HTMLElement).getByText(/あと55秒でログアウトします/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('あと60秒で自動的にログアウトします');
    await pass(25 * SECOND);
    expect(screen.getByRole('status').textContent).toBe('あと30秒で自動的にログアウトします');

    await press('ログインを続ける', dialog as HTMLElement);
    expect(touches()).toBe(2);
    await pass(SECOND);
    expect(warning()).toBeNull();
    // The deadline counts from the new touch: the old one passes without a word.
    await pass(MINUTE);
    expect(warning()).toBeNull();
    expect(signOutForInactivity).not.toHaveBeenCalled();
  });

  it('signs out for inactivity at the deadline, once', async () => {
    await mount(<IdleGuard />);
    await pass(MINUTES * MINUTE - SECOND);
    expect(signOutForInactivity).not.toHaveBeenCalled();
    await pass(SECOND);
    expect(signOutForInactivity).toHaveBeenCalledTimes(1);
    await pass(MINUTE);
    expect(signOutForInactivity).toHaveBeenCalledTimes(1);
  });

  it("counts the user's input as use, touching at most once a minute", async () => {
    await mount(<IdleGuard />);
    await pass(30 * SECOND);
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.pointerDown(document.body);
    expect(touches()).toBe(1);

    await pass(31 * SECOND);
    fireEvent.keyDown(document.body, { key: 'b' });
    fireEvent.wheel(document.body);
    expect(touches()).toBe(2);
    await pass(0);

    // The first deadline's warning does not come: the touch a minute in moved it.
    await pass(MINUTES * MINUTE - MINUTE - 61 * SECOND);
    expect(warning()).toBeNull();
    await pass(61 * SECOND + 200);
    expect(warning()).not.toBeNull();
  });

  it('ends at once when the laptop wakes past the deadline', async () => {
    await mount(<IdleGuard />);
    // Asleep: no timer ran, the clock moved on.
    vi.setSystemTime(Date.now() + 3 * 60 * MINUTE);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(signOutForInactivity).toHaveBeenCalledTimes(1);
  });

  it('signs out at once when the user chooses to', async () => {
    await mount(<IdleGuard />);
    await pass(MINUTES * MINUTE - MINUTE + 200);
    await press('ログアウトする', warning() as HTMLElement);
    expect(session.logout).toHaveBeenCalledTimes(1);
  });
});
