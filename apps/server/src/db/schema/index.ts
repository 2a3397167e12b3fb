export * from './auth.ts';
export * from './coaches.ts';
export * from './content.ts';
export * from './grades.ts';
export * from './images.ts';
export * from './institutions.ts';
export * from './tips.ts';
export * from './todos.ts';
