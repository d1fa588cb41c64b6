// @vitest-environment happy-dom
import { Table } from '@mantine/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mount } from './formTesting';
import { showFirstRender } from './pageTesting';
import { TableScroll } from './TableScroll';
import classes from './TableScroll.module.css';

/** What the layout would measure: the scroll box's content and box widths, and how far it is scrolled. */
const layout = { content: 0, box: 0, left: 0 };
const VIEWPORT = 'mantine-ScrollArea-viewport';
const stubbed = ['scrollWidth', 'clientWidth', 'scrollLeft'] as const;
const saved = new Map<string, PropertyDescriptor | undefined>();

beforeEach(() => {
  for (const name of stubbed) saved.set(name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
  const measured = (element: HTMLElement, value: number) => (element.classList.contains(VIEWPORT) ? value : 0);
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get() {
      return measured(this, layout.content);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get() {
      return measured(this, layout.box);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollLeft', {
    configurable: true,
    get() {
      return measured(this, layout.left);
    },
    set(value: number) {
      layout.left = value;
    },
  });
});

afterEach(() => {
  for (const name of stubbed) {
    const descriptor = saved.get(name);
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
});

function InvoiceLines({ fits }: { fits?: boolean }) {
  return (
    <TableScroll minWidth={520} label="明細" fits={fits}>
      <Table aria-label="明細">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>品名</Table.Td>
            <Table.Td>1,200</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * The scroll box around the table, and its frame, whose data attributes draw the shadows on the cut
 * edges (a look, not something read: found from the table, by their elements).
 */
function scrollBox() {
  const table = screen.getByRole('table', { name: '明細' });
  const viewport = table.closest<HTMLElement>(`.${VIEWPORT}`);
  const frame = table.closest<HTMLElement>(`.${classes.frame}`);
  if (!frame || !viewport) throw new Error('no scroll box');
  return { frame, viewport };
}

const HINT = '横にスクロールできます';

async function mountLines(content: number, box: number, fits?: boolean) {
  Object.assign(layout, { content, box, left: 0 });
  await mount(<InvoiceLines fits={fits} />);
  return scrollBox();
}

async function scrollTo(viewport: HTMLElement, left: number) {
  viewport.scrollLeft = left;
  fireEvent.scroll(viewport);
  await act(async () => {});
}

describe('TableScroll', () => {
  it('on a phone says it scrolls sideways: a line, a shadow on the cut edge, a named and described Tab stop', async () => {
    const { frame, viewport } = await mountLines(520, 318);
    const hint = screen.getByText(HINT);
    expect(frame.hasAttribute('data-more-end')).toBe(true);
    expect(frame.hasAttribute('data-more-start')).toBe(false);
    // The Tab stop: a group named after the table, described by the line.
    expect(screen.getByRole('group', { name: '明細' })).toBe(viewport);
    expect(viewport.getAttribute('tabindex')).toBe('0');
    expect(viewport.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('moves the shadow to the edge the table went past as it scrolls', async () => {
    const { frame, viewport } = await mountLines(520, 318);
    await scrollTo(viewport, 100);
    expect(frame.hasAttribute('data-more-start')).toBe(true);
    expect(frame.hasAttribute('data-more-end')).toBe(true);
    await scrollTo(viewport, 202);
    expect(frame.hasAttribute('data-more-start')).toBe(true);
    expect(frame.hasAttribute('data-more-end')).toBe(false);
  });

  it('shows nothing of it where the table fits, and is then no Tab stop', async () => {
    const { frame, viewport } = await mountLines(800, 800);
    expect(screen.queryByText(HINT)).toBeNull();
    expect(frame.hasAttribute('data-scrolls')).toBe(false);
    expect(frame.hasAttribute('data-more-end')).toBe(false);
    expect(viewport.hasAttribute('tabindex')).toBe(false);
    expect(screen.queryByRole('group', { name: '明細' })).toBeNull();
  });

  it('known to fit (cards on a narrow screen), shows no cue and is not measured as it mounts; a scroll measures it', async () => {
    // The layout says it would scroll: only a measure could show the cue.
    const { frame, viewport } = await mountLines(520, 318, true);
    expect(screen.queryByText(HINT)).toBeNull();
    expect(frame.hasAttribute('data-scrolls')).toBe(false);
    expect(viewport.hasAttribute('tabindex')).toBe(false);
    fireEvent.scroll(viewport);
    expect(await screen.findByText(HINT)).toBeTruthy();
    expect(viewport.getAttribute('tabindex')).toBe('0');
  });

  it('counts as scrolling until measured, so a wide table is never out of reach', () => {
    // Its first render, before any effect has measured it.
    const page = showFirstRender(<InvoiceLines />);
    expect(within(page).getByText(HINT)).toBeTruthy();
    expect(within(page).getByRole('group', { name: '明細' }).getAttribute('tabindex')).toBe('0');
  });
});
