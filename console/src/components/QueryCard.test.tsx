// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '@/api/errors';
import { initI18n, loadPageStrings } from '@/i18n';
import { type Mounted, mount } from './formTesting';
import { QueryCard, QueryCardView } from './QueryCard';

type Query = Parameters<typeof QueryCard<string[]>>[0]['query'];

const SETTLED: Query = {
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => Promise.reject(new Error('not in this test')),
};

const cardProps = (query: Partial<Query>, extra: { skeleton?: string }) => ({
  title: '売上',
  query: { ...SETTLED, ...query },
  isEmpty: (items: string[]) => items.length === 0,
  emptyText: 'ありません',
  toolbar: <p>toolbar</p>,
  skeleton: extra.skeleton === undefined ? undefined : <p>{extra.skeleton}</p>,
  children: (items: string[]) => (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  ),
});

function render(query: Partial<Query>, extra: { skeleton?: string } = {}): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryCard {...cardProps(query, extra)} />
    </MantineProvider>,
  );
}

/** The card while React has rendered `shown` but not yet the query's own answer. */
function renderShown(shown: string[] | undefined, query: Partial<Query>): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryCardView {...cardProps(query, {})} shown={shown} />
    </MantineProvider>,
  );
}

const skeletonCount = (html: string) => html.match(/mantine-Skeleton-root/g)?.length ?? 0;

beforeAll(async () => {
  initI18n();
  await loadPageStrings();
});

describe('QueryCard', () => {
  it('is a section named by its heading, with its toolbar in every state', () => {
    for (const html of [render({ isPending: true }), render({ data: ['a'] }), render({ isError: true })]) {
      const id = /<h2[^>]*id="([^"]+)"[^>]*>売上<\/h2>/.exec(html)?.[1];
      expect(id).toBeDefined();
      expect(html).toMatch(new RegExp(`<section[^>]*aria-labelledby="${id}"`));
      expect(html).toContain('<p>toolbar</p>');
    }
  });

  it('sketches three lines while loading, or the placeholder it is given', () => {
    const html = render({ isPending: true });
    expect(html).toContain('aria-busy="true"');
    expect(skeletonCount(html)).toBe(3);

    const own = render({ isPending: true }, { skeleton: 'rows' });
    expect(own).toContain('<p>rows</p>');
    expect(skeletonCount(own)).toBe(0);
  });

  it('shows a failure with its retry button', () => {
    const html = render({ isError: true, error: new NetworkError() });
    expect(html).toContain('role="alert"');
    expect(html).toContain('データを読み込めませんでした');
    expect(html).toMatch(/<button[^>]*>[\s\S]*再試行[\s\S]*<\/button>/);
    expect(html).not.toContain('<ul>');
  });

  it('says when there is nothing, and otherwise renders the data', () => {
    const empty = render({ data: [] });
    expect(empty).toContain('ありません');
    expect(empty).not.toContain('<ul>');

    const full = render({ data: ['a', 'b'] });
    expect(full).toContain('<ul><li>a</li><li>b</li></ul>');
    expect(full).not.toContain('ありません');
    expect(full).toContain('aria-busy="false"');
  });

  it('keeps the skeleton, undimmed, until the first answer is rendered', () => {
    const html = renderShown(undefined, { data: ['a'] });
    expect(skeletonCount(html)).toBe(3);
    expect(html).not.toContain('<ul>');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('opacity');
  });

  it('dims only the previous content while a newer answer renders: the title and the toolbar keep their contrast', () => {
    const html = renderShown(['old'], { data: ['new'] });
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/<div style="opacity:0.6"><ul><li>old<\/li><\/ul><\/div>/);
    expect(html).not.toMatch(/<section[^>]*opacity/);
    expect(html.indexOf('<p>toolbar</p>')).toBeLessThan(html.indexOf('opacity'));

    const answer = ['new'];
    const settled = renderShown(answer, { data: answer });
    expect(settled).not.toContain('opacity');
  });
});

let sketchRenders = 0;
/** A loading sketch that counts its renders. */
function CountedSketch() {
  sketchRenders += 1;
  return <p>読み込み中の下書き</p>;
}

/** The card as a page holds it: each render gives a new sketch element, as a card's JSX does. */
let answer: (query: Query) => void = () => {};
function CountedCard() {
  const [query, setQuery] = useState<Query>({ ...SETTLED, isPending: true, isFetching: true });
  answer = setQuery;
  // `shown` stays undefined: the deferred pass that renders the answer has not run yet.
  return <QueryCardView {...cardProps(query, {})} skeleton={<CountedSketch />} shown={undefined} />;
}

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

describe('QueryCard while its first answer waits for the deferred pass', () => {
  it('keeps the sketch on screen without drawing it again', async () => {
    sketchRenders = 0;
    mounted = await mount(<CountedCard />);
    expect(sketchRenders).toBe(1);
    await act(async () => answer({ ...SETTLED, data: ['一件目'] }));
    expect(mounted.container.textContent).toContain('読み込み中の下書き');
    expect(mounted.container.querySelector('section')?.getAttribute('aria-busy')).toBe('true');
    expect(sketchRenders).toBe(1);
  });
});
