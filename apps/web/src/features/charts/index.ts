/** The charts feature's public entry: what other features may use of it. */
export { BarChart, type BarDatum } from './BarChart.tsx';
export { GRADE_CHARTS_TITLE, GradeCharts } from './GradeCharts.tsx';
