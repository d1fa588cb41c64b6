// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '@/api/errors';
import { initI18n, loadPageStrings } from '@/i18n';
import { mount } from './formTesting';
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

/** Renders the card in its state `query` (a test renders one card at a time: the last is unmounted). */
async function show(query: Partial<Query>, extra: { skeleton?: string } = {}) {
  cleanup();
  await mount(<QueryCard {...cardProps(query, extra)} />);
  return screen.getByRole('region', { name: '売上' });
}

/** The card while React has rendered `shown` but not yet the query's own answer. */
async function showShown(shown: string[] | undefined, query: Partial<Query>) {
  await mount(<QueryCardView {...cardProps(query, {})} shown={shown} />);
  return screen.getByRole('region', { name: '売上' });
}

/**
 * The loading sketch's lines: drawn, not read (Mantine's skeletons have no role), so they are counted by
 * their element.
 */
const skeletonCount = (card: HTMLElement) => card.querySelectorAll('.mantine-Skeleton-root').length;
const busy = (card: HTMLElement) => card.getAttribute('aria-busy');

beforeAll(async () => {
  initI18n();
  await loadPageStrings();
});

describe('QueryCard', () => {
  it('is a section named by its heading, with its toolbar in every state', async () => {
    for (const query of [{ isPending: true }, { data: ['a'] }, { isError: true }]) {
      const card = await show(query);
      expect(within(card).getByRole('heading', { level: 2, name: '売上' })).toBeTruthy();
      expect(within(card).getByText('toolbar')).toBeTruthy();
    }
  });

  it('sketches three lines while loading, or the placeholder it is given', async () => {
    const card = await show({ isPending: true });
    expect(busy(card)).toBe('true');
    expect(skeletonCount(card)).toBe(3);

    const own = await show({ isPending: true }, { skeleton: 'rows' });
    expect(within(own).getByText('rows')).toBeTruthy();
    expect(skeletonCount(own)).toBe(0);
  });

  it('shows a failure with its retry button', async () => {
    const card = await show({ isError: true, error: new NetworkError() });
    expect(within(card).getByRole('alert').textContent).toContain('データを読み込めませんでした');
    expect(within(card).getByRole('button', { name: '再試行' })).toBeTruthy();
    expect(within(card).queryByRole('list')).toBeNull();
  });

  it('says when there is nothing, and otherwise renders the data', async () => {
    const empty = await show({ data: [] });
    expect(within(empty).getByText('ありません')).toBeTruthy();
    expect(within(empty).queryByRole('list')).toBeNull();

    const full = await show({ data: ['a', 'b'] });
    expect(
      within(within(full).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a', 'b']);
    expect(within(full).queryByText('ありません')).toBeNull();
    expect(busy(full)).toBe('false');
  });

  it('keeps the skeleton, undimmed, until the first answer is rendered', async () => {
    const card = await showShown(undefined, { data: ['a'] });
    expect(skeletonCount(card)).toBe(3);
    expect(within(card).queryByRole('list')).toBeNull();
    expect(busy(card)).toBe('true');
    expect(card.outerHTML).not.toContain('opacity');
  });

  it('dims only the previous content while a newer answer renders: the title and the toolbar keep their contrast', async () => {
    const card = await showShown(['old'], { data: ['new'] });
    expect(busy(card)).toBe('true');
    const list = within(card).getByRole('list');
    expect(within(list).getByRole('listitem').textContent).toBe('old');
    // Dimmed: the look of the previous content, read from its wrapper's style.
    const dimmed = list.parentElement as HTMLElement;
    expect(dimmed.style.opacity).toBe('0.6');
    expect(card.style.opacity).toBe('');
    expect(dimmed.contains(within(card).getByRole('heading'))).toBe(false);
    expect(dimmed.contains(within(card).getByText('toolbar'))).toBe(false);
    cleanup();

    const answer = ['new'];
    const settled = await showShown(answer, { data: answer });
    expect(settled.outerHTML).not.toContain('opacity');
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

describe('QueryCard while its first answer waits for the deferred pass', () => {
  it('keeps the sketch on screen without drawing it again', async () => {
    sketchRenders = 0;
    await mount(<CountedCard />);
    expect(sketchRenders).toBe(1);
    await act(async () => answer({ ...SETTLED, data: ['一件目'] }));
    expect(screen.getByText('読み込み中の下書き')).toBeTruthy();
    expect(busy(screen.getByRole('region', { name: '売上' }))).toBe('true');
    expect(sketchRenders).toBe(1);
  });
});
