// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Mounted, mount } from '@/components/formTesting';
import { UserMenu } from './UserMenu';

// The menu's chunk, held back until a test lets it arrive; the stand-in shows whether it mounted opened.
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
    default: ({ defaultOpened, target }: { defaultOpened: boolean; target: React.ReactNode }) => (
      <div>
        {target}
        {defaultOpened && <div role="menu">メニュー</div>}
      </div>
    ),
  };
});

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

describe('UserMenu', () => {
  it('a press on the button before the menu has arrived opens the menu when it arrives', async () => {
    mounted = await mount(
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>,
    );
    const button = mounted.container.querySelector('button');
    expect(button).not.toBeNull();
    expect(mounted.container.querySelector('[role="menu"]')).toBeNull();
    // Only the press: the release may land on the menu's own button once it has replaced this one.
    act(() => {
      button?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    await act(async () => {
      arrival.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(mounted.container.querySelector('[role="menu"]')?.textContent).toBe('メニュー');
  });
});
