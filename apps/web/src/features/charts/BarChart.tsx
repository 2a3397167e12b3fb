import { scaleBand, scaleLinear } from 'd3-scale';
import { useId } from 'react';

/** One bar: its label and its share in percent (0–100). */
export interface BarDatum {
  label: string;
  percent: number;
}

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11), as the grade charts'. */
const COLORS = {
  bar: '#4dabf7',
  barStroke: '#1971c2',
  grid: 'var(--mantine-color-default-border)',
  text: 'var(--mantine-color-text)',
};
const WIDTH = 480;
const BAR = 28;
const GAP = 10;
const MARGIN = { top: 8, right: 56, bottom: 8, left: 150 };

/** A label cut to `n` characters with an ellipsis (the data table beside the chart has it whole). */
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * A horizontal bar chart of shares (d3 band and linear scales, as the grade charts): one bar per label,
 * its percent written at its end. The SVG is an image named by `title` with a text summary; the page
 * shows the same figures in a data table beside it (docs/emails-surveys.md "Survey results").
 */
export function BarChart({ title, data }: { title: string; data: ReadonlyArray<BarDatum> }) {
  const titleId = useId();
  const descId = useId();
  const height = MARGIN.top + MARGIN.bottom + data.length * (BAR + GAP);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const y = scaleBand<number>()
    .domain(data.map((_, i) => i))
    .range([MARGIN.top, height - MARGIN.bottom])
    .paddingInner(0.25);
  const x = scaleLinear().domain([0, 100]).range([0, innerWidth]);
  const summary = data.map((d) => `${d.label}: ${d.percent}%`).join('; ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid="bar-chart"
      style={{ display: 'block', maxWidth: WIDTH }}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{summary}</desc>
      <line
        x1={MARGIN.left}
        x2={MARGIN.left}
        y1={MARGIN.top}
        y2={height - MARGIN.bottom}
        style={{ stroke: COLORS.grid }}
      />
      {data.map((d, i) => {
        const top = y(i) ?? 0;
        const w = x(Math.max(0, Math.min(100, d.percent)));
        return (
          <g key={d.label}>
            <text
              x={MARGIN.left - 8}
              y={top + y.bandwidth() / 2}
              dy="0.32em"
              textAnchor="end"
              fontSize={13}
              style={{ fill: COLORS.text }}
            >
              {cut(d.label, 20)}
            </text>
            <rect
              x={MARGIN.left}
              y={top}
              width={w}
              height={y.bandwidth()}
              fill={COLORS.bar}
              stroke={COLORS.barStroke}
              data-testid="bar-chart-bar"
            />
            <text
              x={MARGIN.left + w + 6}
              y={top + y.bandwidth() / 2}
              dy="0.32em"
              fontSize={13}
              style={{ fill: COLORS.text }}
            >
              {d.percent}%
            </text>
          </g>
        );
      })}
    </svg>
  );
}
