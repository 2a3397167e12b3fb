/**
 * The API calls a student's coach dashboard makes on first render, named for a bench's figures: GET /me,
 * then each part the dashboard's cards read, from `coachDashboardPartPaths` (packages/contracts/src/
 * dashboard.ts; docs/decisions/0006-coach-dashboard-in-one-request.md), the list the server answers in
 * GET …/dashboard. A card added to that list is measured by every bench that reads it.
 */
import { API, coachDashboardPartPaths } from '@course-coach/contracts';

/**
 * `[name, path]` for /me and each dashboard part of coach `coachId`, in the contract's order (`first`, then
 * `rest`); a part's name is its path after `/coach/{id}/`, without the query string (`todo-lists`).
 */
export function studentDashboardCalls(coachId: number): Array<[string, string]> {
  const prefix = API.coachDashboard(coachId).replace(/dashboard$/, '');
  const parts = coachDashboardPartPaths(coachId).map((p): [string, string] => {
    const name = p.startsWith(prefix) ? p.slice(prefix.length).split('?')[0]! : p;
    return [name, p];
  });
  return [['me', API.me], ...parts];
}
