/** The grades feature's public entry: what other features may use of it. */

export { GradeCard } from './GradeCard.tsx';
export { formatPercent } from './grade-data.ts';
