// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mount, user } from '@/components/formTesting';
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

/** Lets React and the lazy chunk take a turn, for what must not happen by itself. */
const tick = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const menu = () => screen.queryByRole('menu');

describe('UserMenu', () => {
  // One test: the menu's chunk arrives once per file.
  it('opens the menu at a click on its button, whether its chunk has arrived or not, and never swaps the button by itself', async () => {
    // Clicked before the chunk has arrived: the menu opens once it is there.
    const first = await mount(
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>,
    );
    await user().click(screen.getByRole('button'));
    expect(menu()).toBeNull();
    arrival.release();
    expect((await screen.findByRole('menu')).textContent).toBe('メニュー');
    first.unmount();

    // The chunk is there: the button shown is still the stand-in until it is clicked (a menu put in its
    // place by itself could take a press whose release then lands on another button), then the menu opens.
    await mount(
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>,
    );
    const standIn = screen.getByRole('button');
    await tick();
    await tick();
    expect(screen.getByRole('button')).toBe(standIn);
    expect(menu()).toBeNull();
    await user().click(standIn);
    expect((await screen.findByRole('menu')).textContent).toBe('メニュー');
  });
});
