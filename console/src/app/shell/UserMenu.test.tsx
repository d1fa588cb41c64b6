// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Mounted, mount } from '@/components/formTesting';
import { UserMenu } from './UserMenu';

// The menu's chunk, held back until a test lets it arrive.
const arrival = vi.hoisted(() => {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('./AccountMenu', async () => {
  await arrival.arrived;
  return {
    // Like the menu, open as it mounts.
    default: ({ target }: { target: React.ReactNode }) => (
      <div>
        {target}
        <div role="menu">メニュー</div>
      </div>
    ),
  };
});

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const tick = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const menuOf = (container: HTMLElement) => container.querySelector('[role="menu"]');

describe('UserMenu', () => {
  // One test: the menu's chunk arrives once per file.
  it('opens the menu at a click on its button, whether its chunk has arrived or not, and never swaps the button by itself', async () => {
    // Clicked before the chunk has arrived: the menu opens once it is there.
    mounted = await mount(
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>,
    );
    const first = mounted.container;
    act(() => first.querySelector('button')?.click());
    expect(menuOf(first)).toBeNull();
    await act(async () => {
      arrival.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(menuOf(first)?.textContent).toBe('メニュー');
    mounted.unmount();

    // The chunk is there: the button shown is still the stand-in until it is clicked (a menu put in its
    // place by itself could take a press whose release then lands on another button), then the menu opens.
    mounted = await mount(
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>,
    );
    const second = mounted.container;
    const standIn = second.querySelector('button');
    await tick();
    await tick();
    expect(second.querySelector('button')).toBe(standIn);
    expect(menuOf(second)).toBeNull();
    act(() => standIn?.click());
    await tick();
    expect(menuOf(second)?.textContent).toBe('メニュー');
  });
});
