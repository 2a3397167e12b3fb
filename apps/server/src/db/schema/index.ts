export * from './auth.ts';
export * from './coaches.ts';
export * from './grades.ts';
export * from './institutions.ts';
export * from './tailoring.ts';
