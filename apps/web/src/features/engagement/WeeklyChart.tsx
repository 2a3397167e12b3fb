import type { EngagementWeek } from '@course-coach/contracts';
import { scaleBand, scaleLinear } from 'd3-scale';
import { useId } from 'react';
import { type ReflowColumn, ReflowTable } from '../../components/ReflowTable.tsx';
import { ENGAGEMENT_TEXTS as T } from './texts.ts';

const HEIGHT = 280;
const MARGIN = { top: 28, right: 16, bottom: 44, left: 48 };
/** At least 3:1 contrast on white (WCAG 1.4.11): the student's bars blue 8, the median dark grey. */
const COLORS = {
  bar: '#1971c2',
  median: 'var(--mantine-color-text)',
  grid: 'var(--mantine-color-default-border)',
  text: 'var(--mantine-color-text)',
};

/** A figure for people: a median of 2.5 shows as 2.5, 3 as 3. */
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * The student's clicks per week as bars, the class median as a dashed line with points (when there is
 * one). An image with a text summary; the same figures are in `WeeklyTable`.
 */
export function WeeklyChartSvg({ weeks, width }: { weeks: EngagementWeek[]; width: number }) {
  const titleId = useId();
  const descId = useId();
  const innerWidth = Math.max(100, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<number>()
    .domain(weeks.map((w) => w.week))
    .range([0, innerWidth])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const max = Math.max(1, ...weeks.map((w) => Math.max(w.clicks, w.class_median ?? 0)));
  const y = scaleLinear().domain([0, max]).range([innerHeight, 0]).nice(5);
  const hasMedian = weeks.some((w) => w.class_median !== null);
  const center = (w: EngagementWeek) => (x(w.week) ?? 0) + x.bandwidth() / 2;
  const line = weeks.map((w) => `${center(w)},${y(w.class_median ?? 0)}`).join(' ');
  // Every tick when they fit, else every n-th (phones).
  const every = Math.max(1, Math.ceil(weeks.length / Math.max(1, Math.floor(innerWidth / 28))));
  const total = weeks.reduce((s, w) => s + w.clicks, 0);
  const busiest = weeks.reduce((b, w) => (w.clicks > b.clicks ? w : b), weeks[0]!);
  const summary = [
    `${weeks.length} weeks, ${total} clicks in all.`,
    total > 0 ? `Your busiest week: ${T.weekLabel(busiest.week)}, ${busiest.clicks} clicks.` : '',
    hasMedian ? 'The dashed line is the class median.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid="engagement-chart"
      style={{ display: 'block' }}
    >
      <title id={titleId}>{T.weeklyTitle}</title>
      <desc id={descId}>{summary}</desc>
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        {y.ticks(5).map((t) => (
          <g key={t} transform={`translate(0,${y(t)})`}>
            <line x2={innerWidth} style={{ stroke: COLORS.grid }} />
            <text x={-8} dy="0.32em" textAnchor="end" fontSize={12} style={{ fill: COLORS.text }}>
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => (
          <g key={w.week}>
            <rect
              x={x(w.week) ?? 0}
              y={y(w.clicks)}
              width={x.bandwidth()}
              height={innerHeight - y(w.clicks)}
              fill={COLORS.bar}
              data-testid="engagement-bar"
            />
            {i % every === 0 && (
              <text
                x={center(w)}
                y={innerHeight + 16}
                textAnchor="middle"
                fontSize={11}
                style={{ fill: COLORS.text }}
              >
                {T.weekTick(w.week)}
              </text>
            )}
          </g>
        ))}
        {hasMedian && (
          <g data-testid="engagement-median">
            <polyline
              points={line}
              fill="none"
              style={{ stroke: COLORS.median }}
              strokeWidth={2}
              strokeDasharray="5 3"
            />
            {weeks.map((w) => (
              <circle
                key={w.week}
                cx={center(w)}
                cy={y(w.class_median ?? 0)}
                r={3}
                style={{ fill: COLORS.median }}
              />
            ))}
          </g>
        )}
        <line
          x1={0}
          x2={innerWidth}
          y1={innerHeight}
          y2={innerHeight}
          style={{ stroke: 'var(--mantine-color-dimmed)' }}
        />
        <text
          x={innerWidth / 2}
          y={innerHeight + 36}
          textAnchor="middle"
          fontSize={12}
          style={{ fill: COLORS.median }}
        >
          {T.week}
        </text>
        <g transform="translate(0,-16)" fontSize={12} style={{ fill: COLORS.median }}>
          <rect width={12} height={12} y={-10} fill={COLORS.bar} />
          <text x={16}>{T.you}</text>
          {hasMedian && (
            <>
              <line
                x1={56}
                x2={76}
                y1={-4}
                y2={-4}
                style={{ stroke: COLORS.median }}
                strokeWidth={2}
                strokeDasharray="5 3"
              />
              <text x={80}>{T.median}</text>
            </>
          )}
        </g>
      </g>
    </svg>
  );
}

/**
 * The weekly figures as a table: week, its days, the student's clicks and the class median (when there
 * is one); one card per week on a phone.
 */
export function WeeklyTable({ weeks, withMedian }: { weeks: EngagementWeek[]; withMedian: boolean }) {
  const columns: ReflowColumn<EngagementWeek>[] = [
    { header: T.week, cell: (w) => T.weekLabel(w.week), rowHeader: true, cellProps: () => ({ fw: 400 }) },
    { header: T.days, cell: (w) => T.daysLabel(w.first_day, w.last_day) },
    { header: T.clicks, cell: (w) => w.clicks },
  ];
  if (withMedian)
    columns.push({ header: T.median, cell: (w) => (w.class_median === null ? '–' : fmt(w.class_median)) });
  return (
    <ReflowTable
      striped
      data-testid="engagement-table"
      caption={T.weeklyTitle}
      rows={weeks}
      rowKey={(w) => w.week}
      columns={columns}
    />
  );
}
