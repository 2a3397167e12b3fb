/** The coach feature's public entry: what other features may use of it. */
export { STAFF_GRADE_NOTE } from './CoachDashboardPage.tsx';
