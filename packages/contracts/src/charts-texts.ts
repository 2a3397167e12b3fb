/**
 * The class charts' texts, apart from the module's schemas so that a screen naming one of them (the
 * coach dashboard's section titles) does not bring the schemas, and zod, along (docs/architecture.md
 * "Keeping the first load small"); re-exported by their module as before.
 */

/** 1 → '1st', 22 → '22nd', 13 → '13th'. */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** The class charts' texts (spec §2 verbatim where given, ours otherwise). */
export const CHART_TEXTS = {
  /** Card title of the class charts on the coach dashboard (ours). */
  gradeChartsTitle: 'How the class is doing',
  xAxis: 'Class Performance',
  yAxis: 'Percentage of Students',
  yourGrade: 'Your Grade',
  percentileLabel: (percentile: number) => `${ordinal(percentile)} percentile`,
  medianLabel: (value: number) => `Median: ${Math.round(value * 100) / 100}%`,
  histogramTitle: 'Class grade histogram',
  distributionTitle: 'Class grade distribution',
  showChart: 'Chart',
  showTable: 'Table',
  tableBand: 'Grade range',
  tableStudents: 'Students',
  empty: 'No grades have been recorded in this class yet.',
  loadFailed: 'We couldn’t load the class grade charts',
  quartiles: (q1: number, q3: number) =>
    `Half the class scores between ${Math.round(q1 * 100) / 100}% and ${Math.round(q3 * 100) / 100}%.`,
  comparisonLabel: (label: string, value: number) => `${label}: ${Math.round(value * 100) / 100}%`,
  hiddenTooFew: (min: number) =>
    `The class chart appears once at least ${min} students have graded work, so that no one can be singled out.`,
  hiddenOptedOut: 'You chose to see only your own progress. You can change this on your My data page.',
  hiddenBars: 'Bars with very few students are left out so that no one can be singled out.',
} as const;
