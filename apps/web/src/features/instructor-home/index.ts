/** The instructor home feature's public entry (docs/instructor-home.md). */
export { INSTRUCTOR_HOME_UI, InstructorHome } from './InstructorHome.tsx';
