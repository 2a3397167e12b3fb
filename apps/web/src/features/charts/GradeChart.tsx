import { CHART, CHART_TEXTS, type GradeDistribution, gradeBandIndex } from '@course-coach/contracts';
import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { scaleBand, scaleLinear } from 'd3-scale';
import { useId, useState } from 'react';
import { ReflowTable } from '../../components/ReflowTable.tsx';
import { formatPercent } from '../grades/index.ts';

/** Default chart size in pixels; the chart takes its container's width when it is known. */
const WIDTH = 640;
const HEIGHT = 320;
/** Below this width the x ticks show only each band's lower bound ('0', '10', …). */
const NARROW = 480;
const TICK_FONT = 11;

/**
 * Colours as CSS values, so that they follow the colour scheme: text and lines use Mantine's text, border
 * and body colours; bars are blue 4 outlined in blue 8 (3:1 on white and on dark); the student's bar and
 * label and the distribution line take `--cc-chart-*` (theme.ts: orange 9 and blue 9 on light, orange 4
 * and blue 4 on dark, for 4.5:1 text contrast on both).
 */
const COLORS = {
  bar: '#4dabf7',
  barStroke: '#1971c2',
  highlight: 'var(--cc-chart-highlight)',
  text: 'var(--mantine-color-text)',
  grid: 'var(--mantine-color-default-border)',
  axis: 'var(--mantine-color-dimmed)',
  halo: 'var(--mantine-color-body)',
  line: 'var(--cc-chart-line)',
};

/**
 * Which x tick labels to draw so that none overlaps its neighbour: every band's when they fit, else every
 * second (third, …) band's, from the first. `step` is the band step in pixels; a label's width is
 * estimated at 0.62 em per character (system-ui digits are narrower). The data table has them all.
 */
export function tickEvery(labels: readonly string[], step: number, fontSize = TICK_FONT): number {
  const widest = Math.max(0, ...labels.map((l) => l.length)) * fontSize * 0.62 + 4;
  return Math.max(1, Math.ceil(widest / Math.max(step, 1)));
}

export type GradeChartVariant = 'histogram' | 'distribution';

/** The label on the student's bar: 'Your Grade' on the histogram, the percentile on the distribution. */
export function highlightLabel(data: GradeDistribution, variant: GradeChartVariant): string | null {
  if (!data.student || data.student.grade === null) return null;
  if (variant === 'distribution' && data.percentile !== null)
    return CHART_TEXTS.percentileLabel(data.percentile);
  return CHART_TEXTS.yourGrade;
}

/** Short tick label of a band: '0–10'. */
const bandTick = (label: string) => label.replace('%', '');

interface GradeChartProps {
  data: GradeDistribution;
  variant: GradeChartVariant;
  /** Width in pixels (default 640). */
  width?: number;
}

/**
 * The class grade chart (spec §2 "Charts", §9): bands on a d3 band scale with inner and outer padding
 * 0.3, the y axis 'Percentage of Students' with 5 ticks, the x axis 'Class Performance', the student's
 * band highlighted and labelled ('Your Grade' or their percentile), and a dashed median marker placed at
 * the median within its band. The distribution variant also joins the bar tops with a line unless
 * `noline`. The SVG is an image with a text summary; the same figures are in the data table.
 */
export function GradeChartSvg({ data, variant, width = WIDTH }: GradeChartProps) {
  const titleId = useId();
  const descId = useId();
  const { margin } = CHART;
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = HEIGHT - margin.top - margin.bottom;
  const x = scaleBand<string>()
    .domain(data.distribution.map((d) => d.label))
    .range([0, innerWidth])
    .paddingInner(CHART.paddingInner)
    .paddingOuter(CHART.paddingOuter);
  const maxPercent = Math.max(10, ...data.distribution.map((d) => d.percent));
  const y = scaleLinear().domain([0, maxPercent]).range([innerHeight, 0]).nice(CHART.ticks);
  const yTicks = y.ticks(CHART.ticks);
  const tickLabels = data.distribution.map((d) => (width < NARROW ? String(d.min_value) : bandTick(d.label)));
  const every = tickEvery(tickLabels, x.step());
  const highlighted = data.student && data.student.grade !== null ? gradeBandIndex(data.student.grade) : null;
  const label = highlightLabel(data, variant);
  const medianX =
    data.median === null
      ? null
      : (x(data.median.label) ?? 0) +
        (x.bandwidth() * (data.median.value - data.median.min_value)) /
          (data.median.max_value - data.median.min_value);
  const linePoints = data.distribution
    .map((d) => `${(x(d.label) ?? 0) + x.bandwidth() / 2},${y(d.percent)}`)
    .join(' ');
  const summary = [
    `${data.students_count} students with grades.`,
    label && highlighted !== null
      ? `${label}: ${formatPercent(data.student!.grade!)}, in the ${data.distribution[highlighted]!.label} band.`
      : '',
    data.median ? `${data.median.grade_label}.` : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid={`chart-${variant}`}
      style={{ display: 'block' }}
    >
      <title id={titleId}>
        {variant === 'histogram' ? CHART_TEXTS.histogramTitle : CHART_TEXTS.distributionTitle}
      </title>
      <desc id={descId}>{summary}</desc>
      <g transform={`translate(${margin.left},${margin.top})`}>
        {yTicks.map((t) => (
          <g key={t} transform={`translate(0,${y(t)})`} data-testid="y-tick">
            <line x2={innerWidth} style={{ stroke: COLORS.grid }} />
            <text x={-8} dy="0.32em" textAnchor="end" fontSize={12} style={{ fill: COLORS.text }}>
              {t}%
            </text>
          </g>
        ))}
        {data.distribution.map((d, i) => {
          const isMine = i === highlighted;
          const bx = x(d.label) ?? 0;
          return (
            <g key={d.label}>
              <rect
                x={bx}
                y={y(d.percent)}
                width={x.bandwidth()}
                height={innerHeight - y(d.percent)}
                style={{
                  fill: isMine ? COLORS.highlight : COLORS.bar,
                  stroke: isMine ? COLORS.highlight : COLORS.barStroke,
                }}
                data-testid="chart-bar"
                data-band={d.label}
                data-highlighted={isMine ? 'true' : undefined}
              />
              {isMine && label && (
                <text
                  x={i >= 8 ? bx + x.bandwidth() : i <= 1 ? bx : bx + x.bandwidth() / 2}
                  y={y(d.percent) - 6}
                  textAnchor={i >= 8 ? 'end' : i <= 1 ? 'start' : 'middle'}
                  fontSize={12}
                  fontWeight={700}
                  style={{ fill: COLORS.highlight, stroke: COLORS.halo }}
                  strokeWidth={3}
                  paintOrder="stroke"
                  data-testid="chart-highlight-label"
                >
                  {label}
                </text>
              )}
              {i % every === 0 && (
                <text
                  x={bx + x.bandwidth() / 2}
                  y={innerHeight + 16}
                  textAnchor="middle"
                  fontSize={TICK_FONT}
                  style={{ fill: COLORS.text }}
                  data-testid="x-tick"
                >
                  {tickLabels[i]}
                </text>
              )}
            </g>
          );
        })}
        {variant === 'distribution' && !data.noline && (
          <polyline
            points={linePoints}
            fill="none"
            style={{ stroke: COLORS.line }}
            strokeWidth={2}
            data-testid="chart-line"
          />
        )}
        {medianX !== null && data.median && (
          <g data-testid="chart-median" data-value={data.median.value}>
            <line
              x1={medianX}
              x2={medianX}
              y1={-8}
              y2={innerHeight}
              style={{ stroke: COLORS.text }}
              strokeDasharray="4 3"
              strokeWidth={2}
            />
            {/* Right of the marker, or left of it in the right part so that it stays inside the chart. */}
            <text
              x={medianX > innerWidth * 0.55 ? medianX - 4 : medianX + 4}
              y={-12}
              textAnchor={medianX > innerWidth * 0.55 ? 'end' : 'start'}
              fontSize={11}
              style={{ fill: COLORS.text }}
              data-testid="chart-median-label"
            >
              {data.median.grade_label}
            </text>
          </g>
        )}
        <line x1={0} x2={innerWidth} y1={innerHeight} y2={innerHeight} style={{ stroke: COLORS.axis }} />
        <text
          x={innerWidth / 2}
          y={innerHeight + 40}
          textAnchor="middle"
          fontSize={13}
          style={{ fill: COLORS.text }}
        >
          {CHART_TEXTS.xAxis}
        </text>
        <text
          transform={`translate(${-44},${innerHeight / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize={13}
          style={{ fill: COLORS.text }}
        >
          {CHART_TEXTS.yAxis}
        </text>
      </g>
    </svg>
  );
}

/**
 * The accessible data table of a chart: band, share and count of students, the student's band marked;
 * one card per band on a phone.
 */
export function GradeChartTable({ data, variant }: GradeChartProps) {
  const highlighted = data.student && data.student.grade !== null ? gradeBandIndex(data.student.grade) : null;
  const label = highlightLabel(data, variant);
  const title = variant === 'histogram' ? CHART_TEXTS.histogramTitle : CHART_TEXTS.distributionTitle;
  return (
    <ReflowTable
      striped
      data-testid={`chart-table-${variant}`}
      caption={`${title}${data.median ? ` (${data.median.grade_label})` : ''}`}
      rows={data.distribution}
      rowKey={(d) => d.label}
      rowAttributes={(_, i) => ({ 'data-highlighted': i === highlighted ? 'true' : undefined })}
      columns={[
        {
          header: CHART_TEXTS.xAxis,
          rowHeader: true,
          cellProps: (_, i) => ({ fw: i === highlighted ? 700 : 400 }),
          cell: (d, i) =>
            `${d.label}${i === highlighted && label ? ` (${label})` : ''}${data.median?.label === d.label ? ' (median)' : ''}`,
        },
        { header: CHART_TEXTS.yAxis, cell: (d) => formatPercent(d.percent) },
        { header: CHART_TEXTS.tableStudents, cell: (d) => d.count },
      ]}
    />
  );
}

/** A chart with its heading and a Chart/Table switch (the table is the accessible alternative). */
export function GradeChart({ data, variant }: GradeChartProps) {
  const headingId = useId();
  const { ref, width } = useElementSize();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const title = variant === 'histogram' ? CHART_TEXTS.histogramTitle : CHART_TEXTS.distributionTitle;
  return (
    <Stack gap="xs" component="figure" m={0} aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {title}
      </Title>
      <SegmentedControl
        size="xs"
        value={view}
        onChange={(v) => setView(v as 'chart' | 'table')}
        data={[
          { value: 'chart', label: CHART_TEXTS.showChart },
          { value: 'table', label: CHART_TEXTS.showTable },
        ]}
        aria-label={`${title}: show as`}
        w="fit-content"
      />
      {data.students_count === 0 ? (
        <Text c="dimmed">{CHART_TEXTS.empty}</Text>
      ) : view === 'chart' ? (
        <div ref={ref}>
          <GradeChartSvg data={data} variant={variant} width={width > 0 ? Math.round(width) : WIDTH} />
        </div>
      ) : (
        <GradeChartTable data={data} variant={variant} />
      )}
    </Stack>
  );
}
