// @vitest-environment happy-dom
import { act, Profiler } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { inSlices } from './pages';

const Page = ({ action }: { action?: string }) => <h1>取引履歴 {action}</h1>;

describe('inSlices', () => {
  it('mounts the page in a deferred pass after a first commit that leaves it out, with its props', async () => {
    const { default: Sliced } = await inSlices(async () => ({ default: Page }))();
    const container = document.createElement('div');
    const root = createRoot(container);
    const commits: string[] = [];
    act(() =>
      root.render(
        <Profiler id="page" onRender={() => commits.push(container.innerHTML)}>
          <Sliced action="x" />
        </Profiler>,
      ),
    );
    // The first commit holds nothing of the page; the deferred one holds all of it.
    expect(commits).toEqual(['', '<h1>取引履歴 x</h1>']);
    act(() => root.unmount());
  });

  it('shows its placeholder until the deferred pass commits', async () => {
    const { default: Sliced } = await inSlices(async () => ({ default: Page }), <p>読み込み中</p>)();
    const container = document.createElement('div');
    const root = createRoot(container);
    const commits: string[] = [];
    act(() =>
      root.render(
        <Profiler id="page" onRender={() => commits.push(container.innerHTML)}>
          <Sliced />
        </Profiler>,
      ),
    );
    expect(commits).toEqual(['<p>読み込み中</p>', '<h1>取引履歴 </h1>']);
    act(() => root.unmount());
  });
});
