/**
 * "View as student" in the browser (docs/instructor-home.md): while the view-as page is open, the API
 * calls of the coach's endpoints are answered from the student's dashboard answers the server sent
 * (GET …/students/{studentId}/dashboard), never from the network as the instructor. A GET the answers do
 * not hold and every write are refused here (the server refuses them too: its view-as mode is
 * read-only). Calls outside the coach (the signed-in user, other coaches) are not touched.
 */

export interface ViewAsAnswer {
  status: number;
  body: unknown;
}

interface ViewAsState {
  prefix: string;
  answers: Map<string, ViewAsAnswer>;
}

let state: ViewAsState | null = null;

/** Starts answering `coachId`'s API calls from `parts` (path with query string, status, JSON body). */
export function enterViewAs(
  coachId: number,
  parts: Array<{ path: string; status: number; body: unknown }>,
): void {
  state = {
    prefix: `/api/v1/coach/${coachId}/`,
    answers: new Map(parts.map((p) => [p.path, { status: p.status, body: p.body }])),
  };
}

/** Stops it (the view-as page unmounted). */
export function leaveViewAs(): void {
  state = null;
}

/**
 * What a call of `method` on `path` gets while viewing as a student: undefined when not viewing or the
 * path is outside the coach (the call goes to the network), else the stored answer, or a 403 refusal
 * for a write or a path the student's dashboard answers do not hold.
 */
export function viewAsAnswer(method: string, path: string): ViewAsAnswer | undefined {
  // The view-as answers themselves (…/students/{id}/dashboard) still come from the network.
  if (!state || !path.startsWith(state.prefix) || path.startsWith(`${state.prefix}students/`))
    return undefined;
  if (method !== 'GET') return { status: 403, body: null };
  return state.answers.get(path) ?? { status: 403, body: null };
}
