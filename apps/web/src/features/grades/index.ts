/** The grades feature's public entry: what other features may use of it. */

export { GradeCard } from './GradeCard.tsx';
export { formatPercent, useGradeData } from './grade-data.ts';
