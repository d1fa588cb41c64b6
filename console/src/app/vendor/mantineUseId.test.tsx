// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useId } from './mantineUseId';

afterEach(cleanup);

/** Renders of Field and the ids FieldWithLabel saw, per test. */
let renders = 0;
let seen: string[] = [];

function Field({ staticId }: { staticId?: string }) {
  renders += 1;
  const id = useId(staticId);
  return <input id={id} aria-label={id} />;
}

function FieldWithLabel({ label }: { label: string }) {
  const id = useId();
  seen.push(id);
  return <input id={id} aria-label={label} />;
}

describe('useId (what @mantine/hooks exports in the build)', () => {
  it('gives each user its own id, usable as an element id, and renders it once', () => {
    renders = 0;
    render(
      <>
        <Field />
        <Field />
        <Field staticId="amount" />
      </>,
    );
    const ids = screen.getAllByRole('textbox').map((input) => input.id);
    expect(ids[0]).toMatch(/^mantine-[\w-]+$/);
    expect(ids[1]).toMatch(/^mantine-[\w-]+$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toBe('amount');
    // Mantine's own hook swaps the id in a layout effect: every user renders twice.
    expect(renders).toBe(3);
  });

  it('keeps the id across renders', () => {
    seen = [];
    const { rerender } = render(<FieldWithLabel label="a" />);
    rerender(<FieldWithLabel label="b" />);
    expect(screen.getByRole('textbox', { name: 'b' })).toBeTruthy();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });
});
