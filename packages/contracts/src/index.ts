export * from './auth.ts';
export * from './errors.ts';
export * from './grades.ts';
export * from './health.ts';
export * from './institutions.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './tailoring.ts';
