// @vitest-environment happy-dom
import { act, Profiler, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { inSlices } from './pages';

const Page = ({ action }: { action?: string }) => <h1>取引履歴 {action}</h1>;

/** The container's HTML at each commit of rendering `element`. */
function commitsOf(element: ReactElement): string[] {
  const container = document.createElement('div');
  const root = createRoot(container);
  const commits: string[] = [];
  act(() =>
    root.render(
      <Profiler id="page" onRender={() => commits.push(container.innerHTML)}>
        {element}
      </Profiler>,
    ),
  );
  act(() => root.unmount());
  return commits;
}

describe('inSlices', () => {
  it('mounts the page in a deferred pass after a first commit that leaves it out, with its props', async () => {
    const { default: Sliced } = await inSlices(async () => ({ default: Page }))();
    // The first commit holds nothing of the page; the deferred one holds all of it.
    expect(commitsOf(<Sliced action="x" />)).toEqual(['', '<h1>取引履歴 x</h1>']);
  });

  it('shows its placeholder until the deferred pass commits', async () => {
    const { default: Sliced } = await inSlices(async () => ({ default: Page }), <p>読み込み中</p>)();
    expect(commitsOf(<Sliced />)).toEqual(['<p>読み込み中</p>', '<h1>取引履歴 </h1>']);
  });
});
