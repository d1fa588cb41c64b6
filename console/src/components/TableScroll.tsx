import { Table, Text } from '@mantine/core';
import { type ReactNode, type RefCallback, useCallback, useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import classes from './TableScroll.module.css';

/** Where a scroll box stands: whether it is narrower than its content, and on which side more is hidden. */
export interface ScrollEdges {
  scrolls: boolean;
  /** Content hidden past the start edge (scrolled away). */
  start: boolean;
  /** Content hidden past the end edge (still to see). */
  end: boolean;
}

// Until measured the box counts as scrolling, so a box that does scroll is never left out of the Tab order.
const UNMEASURED: ScrollEdges = { scrolls: true, start: false, end: true };
const FITS: ScrollEdges = { scrolls: false, start: false, end: false };

const sameEdges = (a: ScrollEdges, b: ScrollEdges) => a.scrolls === b.scrolls && a.start === b.start && a.end === b.end;

/**
 * Measures a sideways scroll box (on mount, as it or its content resizes, as it scrolls). The first
 * measure runs while React commits, so the page is painted with the right cue, without a flash. A box
 * known to fit as it mounts (`fits`) is not measured in the commit but by its observer's first report, after
 * the browser's own layout (then as it resizes or scrolls): measuring in the commit forces a layout of the
 * whole page there, and the cue shown until then had it laid out once more.
 */
export function useScrollEdges(fits = false): [RefCallback<HTMLDivElement>, ScrollEdges] {
  const [edges, setEdges] = useState(fits ? FITS : UNMEASURED);
  const ref = useCallback(
    (box: HTMLDivElement | null) => {
      if (!box) return;
      const measure = () => {
        const hidden = box.scrollWidth - box.clientWidth;
        // One pixel of slack: widths are rounded, and a box with a fractional width reads one pixel short.
        const next = { scrolls: hidden > 1, start: box.scrollLeft > 1, end: box.scrollLeft < hidden - 1 };
        setEdges((previous) => (sameEdges(previous, next) ? previous : next));
      };
      if (!fits) measure();
      box.addEventListener('scroll', measure, { passive: true });
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      observer?.observe(box);
      // The content too: rows arriving can widen the table without resizing the box.
      if (box.firstElementChild) observer?.observe(box.firstElementChild);
      return () => {
        box.removeEventListener('scroll', measure);
        observer?.disconnect();
      };
    },
    [fits],
  );
  return [ref, edges];
}

export interface TableScrollProps {
  /** The table's narrowest width: a narrower box scrolls sideways. */
  minWidth: number;
  /** The scroll box's accessible name (the table's), for when it is a Tab stop. */
  label: string;
  /** A class for the box holding the table (Mantine's scrollContainerInner). */
  innerClassName?: string;
  /**
   * Known to fit its box as it mounts (a list shown as cards on a narrow screen): no cue unless a later
   * measure (the observer's, after layout; a resize; a scroll) says otherwise, and no measure in the commit.
   */
  fits?: boolean;
  children: ReactNode;
}

/**
 * A table that may be wider than its box (a phone): it scrolls sideways, and says so while it does. A
 * shadow falls on each edge past which the table goes on, the scrollbar stays in view, and a line
 * above it reads 「横にスクロールできます」; the box is then a Tab stop (the arrow keys scroll it) named
 * after the table and described by that line. A table that fits shows none of it and is no Tab stop: a
 * focusable box round rows that fit (a list's cards) is a stop whose ring, round a box taller than the
 * screen, cannot be seen.
 */
export function TableScroll({ minWidth, label, innerClassName, fits = false, children }: TableScrollProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [viewportRef, edges] = useScrollEdges(fits);
  return (
    <div
      className={classes.frame}
      data-scrolls={edges.scrolls || undefined}
      data-more-start={(edges.scrolls && edges.start) || undefined}
      data-more-end={(edges.scrolls && edges.end) || undefined}
    >
      {edges.scrolls && (
        <Text id={hintId} size="xs" c="dimmed" className={classes.hint}>
          {t('common.scrollSideways')}
        </Text>
      )}
      <div className={classes.box}>
        <Table.ScrollContainer
          minWidth={minWidth}
          classNames={innerClassName ? { scrollContainerInner: innerClassName } : undefined}
          scrollAreaProps={{
            type: 'auto',
            viewportRef,
            viewportProps: edges.scrolls
              ? { tabIndex: 0, role: 'group', 'aria-label': label, 'aria-describedby': hintId }
              : {},
          }}
        >
          {children}
        </Table.ScrollContainer>
      </div>
    </div>
  );
}
