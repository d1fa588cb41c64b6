// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { type Mounted, mount } from './formTesting';
import { QueryCardView } from './QueryCard';

type Query = Parameters<typeof QueryCardView<string[]>>[0]['query'];

const PENDING: Query = {
  data: undefined,
  error: null,
  isPending: true,
  isError: false,
  isFetching: true,
  refetch: () => Promise.reject(new Error('not in this test')),
};
const ANSWERED: Query = { ...PENDING, data: ['一件目'], isPending: false, isFetching: false };

let sketchRenders = 0;
/** A loading sketch that counts its renders. */
function CountedSketch() {
  sketchRenders += 1;
  return <p>読み込み中の下書き</p>;
}

/** The card as a page holds it: each render gives a new sketch element, as a card's JSX does. */
let answer: (query: Query) => void = () => {};
function Card({ shown }: { shown: string[] | undefined }) {
  const [query, setQuery] = useState(PENDING);
  answer = setQuery;
  return (
    <QueryCardView
      title="売上"
      query={query}
      isEmpty={(items) => items.length === 0}
      emptyText="ありません"
      skeleton={<CountedSketch />}
      shown={shown}
    >
      {(items) => <p>{items.join('、')}</p>}
    </QueryCardView>
  );
}

let mounted: Mounted | undefined;
beforeAll(() => initI18n());
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

describe('QueryCard while its first answer waits for the deferred pass', () => {
  it('keeps the sketch on screen without drawing it again', async () => {
    sketchRenders = 0;
    // `shown` stays undefined: the deferred pass that renders the answer has not run yet.
    mounted = await mount(<Card shown={undefined} />);
    expect(sketchRenders).toBe(1);
    await act(async () => answer(ANSWERED));
    expect(mounted.container.textContent).toContain('読み込み中の下書き');
    expect(mounted.container.querySelector('section')?.getAttribute('aria-busy')).toBe('true');
    expect(sketchRenders).toBe(1);
  });
});
