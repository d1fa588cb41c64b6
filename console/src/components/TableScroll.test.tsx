// @vitest-environment happy-dom
import { Table } from '@mantine/core';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Mounted, mount } from './formTesting';
import { renderHtml, textOf } from './pageTesting';
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

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
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

async function mountLines(content: number, box: number, fits?: boolean) {
  Object.assign(layout, { content, box, left: 0 });
  mounted = await mount(<InvoiceLines fits={fits} />);
  const frame = mounted.container.querySelector(`.${classes.frame}`);
  const viewport = mounted.container.querySelector<HTMLElement>(`.${VIEWPORT}`);
  if (!frame || !viewport) throw new Error('no scroll box');
  return { frame, viewport, container: mounted.container };
}

describe('TableScroll', () => {
  it('on a phone says it scrolls sideways: a line, a shadow on the cut edge, a named and described Tab stop', async () => {
    const { frame, viewport, container } = await mountLines(520, 318);
    const hint = [...container.querySelectorAll('p')].find((p) => p.textContent === '横にスクロールできます');
    expect(hint).toBeDefined();
    expect(frame.hasAttribute('data-more-end')).toBe(true);
    expect(frame.hasAttribute('data-more-start')).toBe(false);
    expect(viewport.getAttribute('tabindex')).toBe('0');
    expect(viewport.getAttribute('role')).toBe('group');
    expect(viewport.getAttribute('aria-label')).toBe('明細');
    expect(viewport.getAttribute('aria-describedby')).toBe(hint?.id);
  });

  it('moves the shadow to the edge the table went past as it scrolls', async () => {
    const { frame, viewport } = await mountLines(520, 318);
    await act(async () => {
      viewport.scrollLeft = 100;
      viewport.dispatchEvent(new Event('scroll'));
    });
    expect(frame.hasAttribute('data-more-start')).toBe(true);
    expect(frame.hasAttribute('data-more-end')).toBe(true);
    await act(async () => {
      viewport.scrollLeft = 202;
      viewport.dispatchEvent(new Event('scroll'));
    });
    expect(frame.hasAttribute('data-more-start')).toBe(true);
    expect(frame.hasAttribute('data-more-end')).toBe(false);
  });

  it('shows nothing of it where the table fits, and is then no Tab stop', async () => {
    const { frame, viewport, container } = await mountLines(800, 800);
    expect(textOf(container.innerHTML)).not.toContain('横にスクロールできます');
    expect(frame.hasAttribute('data-scrolls')).toBe(false);
    expect(frame.hasAttribute('data-more-end')).toBe(false);
    expect(viewport.hasAttribute('tabindex')).toBe(false);
  });

  it('known to fit (cards on a narrow screen), shows no cue and is not measured as it mounts; a scroll measures it', async () => {
    // The layout says it would scroll: only a measure could show the cue.
    const { frame, viewport, container } = await mountLines(520, 318, true);
    expect(textOf(container.innerHTML)).not.toContain('横にスクロールできます');
    expect(frame.hasAttribute('data-scrolls')).toBe(false);
    expect(viewport.hasAttribute('tabindex')).toBe(false);
    await act(async () => {
      viewport.dispatchEvent(new Event('scroll'));
    });
    expect(textOf(container.innerHTML)).toContain('横にスクロールできます');
    expect(viewport.getAttribute('tabindex')).toBe('0');
  });

  it('counts as scrolling until measured, so a wide table is never out of reach', () => {
    const html = renderHtml(<InvoiceLines />);
    expect(textOf(html)).toContain('横にスクロールできます');
    expect(html).toMatch(/tabindex="0"/);
  });
});
