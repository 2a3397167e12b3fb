/** The charts feature's public entry: what other features may use of it. */
export { GradeCharts } from './GradeCharts.tsx';
