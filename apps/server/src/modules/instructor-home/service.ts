/**
 * The instructor home (docs/instructor-home.md): one SQL statement per request computes, for every
 * student of a coach, the figures the needs-attention rules read (grade progress, days since the last
 * LMS activity, overdue to-dos), the coach's summary counts, and one page of the students needing
 * attention (the SQL is in ./queries.ts). Nothing loops over students in JavaScript: only the page's rows
 * get their reason texts here.
 */
import {
  type AttentionReason,
  INSTRUCTOR_HOME_PAGE_SIZE,
  type InstructorHome,
  type NeedsAttentionSort,
  type NeedsAttentionStudent,
  reasonText,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { type FlaggedRow, selectInstructorHome } from './queries.ts';

/**
 * The instructor home of coach `coachId` (docs/instructor-home.md): the summary counts and page `page`
 * (INSTRUCTOR_HOME_PAGE_SIZE students) of those needing attention in `sort` order, with each one's
 * reasons. `today` (YYYY-MM-DD) decides which to-dos are overdue. One SQL statement.
 */
export async function instructorHome(
  database: Database,
  coachId: number,
  options: { page: number; sort: NeedsAttentionSort; today: string },
): Promise<InstructorHome> {
  const { page, sort } = options;
  const row = await selectInstructorHome(database.query, coachId, options);
  return {
    summary: row.summary,
    needs_attention: row.rows.map(toStudent),
    count: row.count,
    page,
    page_size: INSTRUCTOR_HOME_PAGE_SIZE,
    sort,
  };
}

/** One flagged row as the answer shows it, with its reasons in plain words. */
function toStudent(r: FlaggedRow): NeedsAttentionStudent {
  const reasons: AttentionReason[] = [];
  const figures = { grade: r.grade, days: r.days, overdue: r.overdue, dueItems: r.due_items };
  if (r.r_grade)
    reasons.push({
      code: 'grade_below_lower_quartile',
      text: reasonText('grade_below_lower_quartile', figures),
    });
  if (r.r_inactive)
    reasons.push({ code: 'no_recent_activity', text: reasonText('no_recent_activity', figures) });
  if (r.r_todos) reasons.push({ code: 'todos_overdue', text: reasonText('todos_overdue', figures) });
  return {
    student_id: r.user_id,
    name: r.name,
    email: r.email,
    grade_progress: r.grade,
    days_since_last_activity: r.days,
    overdue_todos: r.overdue,
    reasons,
  };
}
