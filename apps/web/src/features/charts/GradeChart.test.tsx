import { API, CHART_TEXTS, GRADE_BANDS, type GradeDistribution } from '@course-coach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { GradeChartSvg, tickEvery } from './GradeChart.tsx';
import { GradeCharts } from './GradeCharts.tsx';

const COACH_ID = 7;
const counts = [0, 2, 0, 4, 6, 10, 12, 10, 4, 2];
const n = counts.reduce((a, b) => a + b, 0);

function chartData(overrides: Partial<GradeDistribution> = {}): GradeDistribution {
  return {
    label: 'AAA 2013J',
    distribution: GRADE_BANDS.map((b, i) => ({
      ...b,
      count: counts[i]!,
      percent: Math.round((counts[i]! / n) * 10000) / 100,
      hidden: false,
    })),
    student: { grade: 81.6 },
    percentile: 74,
    median: {
      label: '60–70%',
      percent: 24,
      min_value: 60,
      max_value: 70,
      grade_label: 'Median: 65%',
      value: 65,
    },
    curved: false,
    noline: false,
    students_count: n,
    quartiles: { q1: 50, q3: 72.5 },
    comparison: { label: 'Class median', value: 65, cohort_id: null },
    hidden_reason: null,
    privacy: { min_bar_students: 5, min_class_students: 10 },
    ...overrides,
  };
}

describe('GradeChartSvg', () => {
  it('highlights the student’s band as “Your Grade” on the histogram, and only that bar', () => {
    renderWithApp(<GradeChartSvg data={chartData()} variant="histogram" />);
    const bars = screen.getAllByTestId('chart-bar');
    expect(bars).toHaveLength(10);
    const highlighted = bars.filter((b) => b.getAttribute('data-highlighted') === 'true');
    expect(highlighted).toHaveLength(1);
    expect(highlighted[0]).toHaveAttribute('data-band', '80–90%');
    expect(highlighted[0]!.style.fill).not.toBe(bars[0]!.style.fill);
    expect(screen.getByTestId('chart-highlight-label')).toHaveTextContent(CHART_TEXTS.yourGrade);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      `${CHART_TEXTS.histogramTitle} ${n} students with grades. Your Grade: 81.6%, in the 80–90% band. Median: 65%.`,
    );
    expect(screen.queryByTestId('chart-line')).not.toBeInTheDocument();
  });

  it('labels the bar with the percentile on the distribution chart, and joins the bar tops with a line', () => {
    renderWithApp(<GradeChartSvg data={chartData()} variant="distribution" />);
    expect(screen.getByTestId('chart-highlight-label')).toHaveTextContent('74th percentile');
    expect(screen.getByTestId('chart-line')).toBeInTheDocument();
  });

  it('uses band padding 0.3/0.3, 5 y ticks and puts the median marker inside its band', () => {
    renderWithApp(<GradeChartSvg data={chartData()} variant="histogram" />);
    const bars = screen.getAllByTestId('chart-bar');
    const width = Number(bars[0]!.getAttribute('width'));
    const x0 = Number(bars[0]!.getAttribute('x'));
    const x1 = Number(bars[1]!.getAttribute('x'));
    // Inner width 640 − 56 − 16 = 568 over 10 bands: step = 568 / (10 − 0.3 + 2 × 0.3), band = 0.7 step.
    const step = 568 / (10 - 0.3 + 0.6);
    expect(x1 - x0).toBeCloseTo(step, 6);
    expect(width).toBeCloseTo(step * 0.7, 6);
    expect(x0).toBeCloseTo(step * 0.3, 6);
    // y domain 0–24 (the largest percent, 12/50) is niced to 0–25: ticks 0, 5, …, 25.
    expect(screen.getAllByTestId('y-tick').map((t) => t.textContent)).toEqual([
      '0%',
      '5%',
      '10%',
      '15%',
      '20%',
      '25%',
    ]);
    const median = screen.getByTestId('chart-median');
    const line = median.querySelector('line')!;
    const medianX = Number(line.getAttribute('x1'));
    const band6 = bars[6]!;
    expect(medianX).toBeCloseTo(Number(band6.getAttribute('x')) + width * 0.5, 6);
    expect(median).toHaveTextContent('Median: 65%');
  });

  it('highlights nothing for staff looking at the class without a student', () => {
    renderWithApp(
      <GradeChartSvg data={chartData({ student: null, percentile: null })} variant="histogram" />,
    );
    expect(screen.getAllByTestId('chart-bar').filter((b) => b.hasAttribute('data-highlighted'))).toHaveLength(
      0,
    );
    expect(screen.queryByTestId('chart-highlight-label')).not.toBeInTheDocument();
  });
});

describe('GradeCharts card', () => {
  it('loads the chart data, shows both charts, and switches a chart to its data table', async () => {
    stubFetch({ [`GET ${API.gradeDistribution(COACH_ID)}`]: { body: chartData() } });
    renderWithApp(<GradeCharts coachId={COACH_ID} />);
    expect(await screen.findByTestId('chart-histogram')).toBeInTheDocument();
    expect(screen.getByTestId('chart-distribution')).toBeInTheDocument();
    fireEvent.click(screen.getAllByText(CHART_TEXTS.showTable)[0]!);
    const table = await screen.findByTestId('chart-table-histogram');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    const mine = rows.find((r) => r.getAttribute('data-highlighted') === 'true')!;
    expect(mine).toHaveTextContent('80–90% (Your Grade)');
    expect(within(table).getByRole('columnheader', { name: CHART_TEXTS.yAxis })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: CHART_TEXTS.xAxis })).toBeInTheDocument();
  });

  it('says so when nobody has a grade yet', async () => {
    stubFetch({
      [`GET ${API.gradeDistribution(COACH_ID)}`]: {
        body: chartData({
          students_count: 0,
          distribution: GRADE_BANDS.map((b) => ({ ...b, count: 0, percent: 0, hidden: false })),
          median: null,
          student: { grade: null },
          percentile: null,
        }),
      },
    });
    renderWithApp(<GradeCharts coachId={COACH_ID} />);
    expect(await screen.findAllByText(CHART_TEXTS.empty)).toHaveLength(2);
  });

  it('shows only the student’s own score when the class is hidden, and why', async () => {
    stubFetch({
      [`GET ${API.gradeDistribution(COACH_ID)}`]: {
        body: chartData({
          students_count: 4,
          distribution: GRADE_BANDS.map((b) => ({ ...b, count: 0, percent: 0, hidden: b.min_value === 80 })),
          median: null,
          percentile: null,
          quartiles: null,
          comparison: null,
          hidden_reason: 'too_few_students',
        }),
      },
    });
    renderWithApp(<GradeCharts coachId={COACH_ID} />);
    expect(await screen.findByText(CHART_TEXTS.hiddenTooFew(10))).toBeInTheDocument();
    expect(screen.getByText(/Your current score: 81\.6/)).toBeInTheDocument();
    expect(screen.queryByTestId('chart-bar')).toBeNull();
  });

  it('draws the comparison group’s median as the marker, with the quartiles', async () => {
    stubFetch({
      [`GET ${API.gradeDistribution(COACH_ID)}`]: {
        body: chartData({ comparison: { label: 'STEM majors median', value: 68.5, cohort_id: 3 } }),
      },
    });
    renderWithApp(<GradeCharts coachId={COACH_ID} />);
    expect(await screen.findByTestId('grade-charts-quartiles')).toHaveTextContent(
      'Half the class scores between 50% and 72.5%. STEM majors median: 68.5%.',
    );
    expect(screen.getAllByText('STEM majors median: 68.5%').length).toBeGreaterThan(0);
  });
});

describe('tickEvery: x tick labels that would overlap are thinned', () => {
  // A label is estimated at 0.62 em per character plus 4 px: '90' at 11 px is 2 × 6.82 + 4 = 17.64 px wide.
  const starts = GRADE_BANDS.map((b) => String(b.min_value));
  it('draws every label when the band step is wider than the widest label', () => {
    expect(tickEvery(starts, 30)).toBe(1);
    expect(tickEvery(starts, 17.7)).toBe(1);
  });
  it('draws every second, fourth … label when the step is narrower', () => {
    expect(tickEvery(starts, 17.6)).toBe(2);
    expect(tickEvery(starts, 5)).toBe(4);
    // '90–100' is 6 characters: 6 × 6.82 + 4 = 44.92 px.
    expect(
      tickEvery(
        GRADE_BANDS.map((b) => b.label.replace('%', '')),
        40,
      ),
    ).toBe(2);
  });
  it('leaves out labels in a narrow chart, and keeps them all in a wide one', () => {
    const wide = renderWithApp(<GradeChartSvg data={chartData()} variant="histogram" width={640} />);
    expect(wide.container.querySelectorAll('[data-testid="x-tick"]')).toHaveLength(10);
    wide.unmount();
    // 200 px: inner width 200 − 56 − 16 = 128, band step 128 / 10.3 = 12.4 px < 17.64: every second band.
    const narrow = renderWithApp(<GradeChartSvg data={chartData()} variant="histogram" width={200} />);
    const ticks = [...narrow.container.querySelectorAll('[data-testid="x-tick"]')].map((t) => t.textContent);
    expect(ticks).toEqual(['0', '20', '40', '60', '80']);
  });
});
