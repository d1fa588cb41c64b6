import { Stack, Text, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatDay, formatYen } from '@/format';
import { useTranslation } from '@/i18n';
import { axisYen, niceTicks } from './chartScale';
import classes from './SalesChart.module.css';
import { type DailyPoint, SALES_CHART_HEIGHT, SALES_READOUT_GAP, SALES_READOUT_HEIGHT } from './sales';

const HEIGHT = SALES_CHART_HEIGHT;
const MARGIN = { top: 8, right: 8, bottom: 24, left: 44 };
/** The x axis labels at least every this many days… */
const LABEL_EVERY = 5;
/**
 * …and further apart when a day label would not fit between them: a label (M/D at 11 px) is up to ~30 px
 * wide, the last one is drawn wholly left of its bar's end (so it stays inside the chart), and a gap
 * keeps two labels apart.
 */
export const LABEL_ROOM_PX = 56;

/** The days labelled on the x axis: the last one, then every `every` days back (so none overlap it). */
export function labelledDays(count: number, slot: number): Set<number> {
  const every = Math.max(LABEL_EVERY, slot > 0 ? Math.ceil(LABEL_ROOM_PX / slot) : LABEL_EVERY);
  const labelled = new Set<number>();
  for (let i = count - 1; i >= 0; i -= every) labelled.add(i);
  return labelled;
}

/**
 * The element's width in CSS pixels, following resizes (the chart is drawn at its real size, so text never
 * scales). The first width comes from the observer's first report, after the browser's own layout: reading
 * `clientWidth` as the chart mounted forced a layout of the whole page inside React's task (6–12 ms of
 * thread time before Lighthouse's 4× CPU).
 */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The chart at a given width: grid and yen axis, the bars (each titled; the selected one marked), a
 * day label every few days. A pointer over (or a tap on) a day's column selects that day.
 */
export function SalesBars({
  series,
  width,
  selected = null,
  onSelect,
}: {
  series: DailyPoint[];
  width: number;
  selected?: number | null;
  onSelect?: (index: number) => void;
}) {
  const { t } = useTranslation();
  const max = Math.max(0, ...series.map((point) => point.amount));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = series.length > 0 ? plotWidth / series.length : 0;
  const barWidth = Math.max(1, slot * 0.7);
  const y = (amount: number) => MARGIN.top + plotHeight - (amount / top) * plotHeight;
  const day = (point: DailyPoint) => formatDay(point.date, t('top.sales.dayFormat'));
  const labelled = labelledDays(series.length, slot);
  return (
    <svg width={width} height={HEIGHT} role="img" aria-label={t('top.sales.title')}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line className={classes.grid} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
          <text className={classes.axis} x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {axisYen(tick)}
          </text>
        </g>
      ))}
      {series.map((point, i) => {
        const x = MARGIN.left + i * slot + (slot - barWidth) / 2;
        const last = i === series.length - 1;
        return (
          <g key={point.date}>
            <rect
              className={i === selected ? classes.selected : classes.bar}
              x={x}
              y={y(point.amount)}
              width={barWidth}
              height={Math.max(0, MARGIN.top + plotHeight - y(point.amount))}
              rx={2}
            >
              <title>{`${day(point)} ${formatYen(point.amount)}`}</title>
            </rect>
            {onSelect && (
              // The whole column answers the pointer: a thin or empty bar is still easy to tap.
              <rect
                className={classes.hit}
                x={MARGIN.left + i * slot}
                y={MARGIN.top}
                width={slot}
                height={plotHeight}
                onPointerEnter={() => onSelect(i)}
                onPointerDown={() => onSelect(i)}
              />
            )}
            {labelled.has(i) && (
              // The last day's label ends at its bar, so it stays inside the chart.
              <text
                className={classes.axis}
                x={last ? x + barWidth : x + barWidth / 2}
                y={HEIGHT - 6}
                textAnchor={last ? 'end' : 'middle'}
              >
                {day(point)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The 30-day bar chart, drawn as SVG of our own (no charting library) at the card's real width, so
 * its text never scales. The selected day's figures are written above it (the last day at first): a
 * pointer over a day, a tap on it, or the arrow keys when the chart has the focus select another.
 * Screen readers get every day as a table, and the chart as a slider over the days.
 */
export default function SalesChart({ series }: { series: DailyPoint[] }) {
  const { t } = useTranslation();
  const { ref, width } = useWidth<HTMLDivElement>();
  const tableId = useId();
  const [selected, setSelected] = useState(series.length - 1);
  const day = (point: DailyPoint) => formatDay(point.date, t('top.sales.dayFormat'));
  const point = series[selected];
  const readout = point
    ? t('top.sales.readout', { day: day(point), amount: formatYen(point.amount), count: point.count })
    : '';
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = { ArrowLeft: selected - 1, ArrowRight: selected + 1, Home: 0, End: series.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setSelected(Math.min(series.length - 1, Math.max(0, to)));
  };
  return (
    <Stack gap={SALES_READOUT_GAP}>
      <Text
        size="sm"
        aria-hidden
        h={SALES_READOUT_HEIGHT}
        lh={`${SALES_READOUT_HEIGHT}px`}
        style={{ whiteSpace: 'nowrap' }}
      >
        {readout}
      </Text>
      <div
        ref={ref}
        className={classes.frame}
        style={{ width: '100%', height: HEIGHT }}
        role="slider"
        tabIndex={0}
        aria-label={t('top.sales.sliderLabel')}
        aria-describedby={tableId}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, series.length - 1)}
        aria-valuenow={selected}
        aria-valuetext={readout}
        onKeyDown={move}
      >
        {width > 0 && <SalesBars series={series} width={width} selected={selected} onSelect={setSelected} />}
      </div>
      <VisuallyHidden>
        <table id={tableId}>
          <caption>{t('top.sales.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('top.sales.day')}</th>
              <th scope="col">{t('fields.sales')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((entry) => (
              <tr key={entry.date}>
                <th scope="row">{day(entry)}</th>
                <td>{formatYen(entry.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
