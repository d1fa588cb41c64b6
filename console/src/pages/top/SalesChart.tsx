import { VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDay, formatYen } from '@/format';
import { useTranslation } from '@/i18n';
import { axisYen, niceTicks } from './chartScale';
import classes from './SalesChart.module.css';
import { type DailyPoint, SALES_CHART_HEIGHT } from './sales';

const HEIGHT = SALES_CHART_HEIGHT;
const MARGIN = { top: 8, right: 8, bottom: 24, left: 44 };
/** Every how many days the x axis is labelled. */
const LABEL_EVERY = 5;

/** The element's width in CSS pixels, following resizes (the chart is drawn at its real size, so text never scales). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The chart at a given width: grid and yen axis, the bars (each titled), a day label every few days. */
export function SalesBars({
  series,
  width,
  describedBy,
}: {
  series: DailyPoint[];
  width: number;
  describedBy?: string;
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
  return (
    <svg width={width} height={HEIGHT} role="img" aria-label={t('top.sales.title')} aria-describedby={describedBy}>
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
        return (
          <g key={point.date}>
            <rect
              className={classes.bar}
              x={x}
              y={y(point.amount)}
              width={barWidth}
              height={Math.max(0, MARGIN.top + plotHeight - y(point.amount))}
              rx={2}
            >
              <title>{`${day(point)} ${formatYen(point.amount)}`}</title>
            </rect>
            {(i % LABEL_EVERY === 0 || i === series.length - 1) && (
              // The last day's label ends at its bar, so it stays inside the chart.
              <text
                className={classes.axis}
                x={i === series.length - 1 ? x + barWidth : x + barWidth / 2}
                y={HEIGHT - 6}
                textAnchor={i === series.length - 1 ? 'end' : 'middle'}
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
 * its text never scales; screen readers get the same figures as a table.
 */
export default function SalesChart({ series }: { series: DailyPoint[] }) {
  const { t } = useTranslation();
  const { ref, width } = useWidth<HTMLDivElement>();
  const tableId = useId();
  const day = (point: DailyPoint) => formatDay(point.date, t('top.sales.dayFormat'));
  return (
    <div ref={ref} style={{ width: '100%', height: HEIGHT }}>
      {width > 0 && <SalesBars series={series} width={width} describedBy={tableId} />}
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
            {series.map((point) => (
              <tr key={point.date}>
                <th scope="row">{day(point)}</th>
                <td>{formatYen(point.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </div>
  );
}
