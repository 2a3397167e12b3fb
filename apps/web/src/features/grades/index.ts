/** The grades feature's public entry: what other features may use of it. */

export { GRADE_CARD_TEXTS, GradeCard } from './GradeCard.tsx';
export { formatPercent, gradeDataQuery, useGradeData } from './grade-data.ts';
