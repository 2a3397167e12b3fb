import LinkHeader from 'http-link-header';

/** The ways a Canvas call fails that the wizard tells apart (see LmsErrorCodeSchema in contracts). */
export type CanvasFailure =
  /** 401 with WWW-Authenticate: the access token is expired, revoked or unknown. */
  | 'invalid_token'
  /** 401 without WWW-Authenticate, or 403: the user may not see this resource. */
  | 'forbidden'
  | 'not_found'
  /** 5xx, a refused connection or a body that is not what Canvas sends. */
  | 'unavailable'
  /** No answer within the timeout. */
  | 'timeout';

/** A failed Canvas call. */
export class CanvasError extends Error {
  constructor(
    readonly failure: CanvasFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CanvasError';
  }
}

/** Canvas's course object (the fields we read; Canvas sends many more). */
export interface CanvasCourse {
  id: number;
  name: string;
  course_code?: string | null;
  start_at?: string | null;
  end_at?: string | null;
  workflow_state?: string | null;
  enrollments?: Array<{ type: string; role?: string; user_id?: number; enrollment_state?: string }>;
}

/** Canvas's assignment object (the fields we read). */
export interface CanvasAssignment {
  id: number;
  name: string;
  due_at?: string | null;
  points_possible?: number | null;
  submission_types?: string[];
  is_quiz_assignment?: boolean;
  published?: boolean;
  course_id?: number;
}

/** Canvas's enrollment object with its `user` (the fields we read). */
export interface CanvasEnrollment {
  id: number;
  course_id: number;
  type: string;
  enrollment_state?: string;
  user_id: number;
  user?: {
    id: number;
    name?: string;
    sortable_name?: string;
    login_id?: string | null;
    email?: string | null;
    sis_user_id?: string | null;
  };
}

/** Pages followed at most per listing (100 per page: 50,000 records), so a looping Link header cannot hang us. */
export const MAX_PAGES = 500;
export const PER_PAGE = 100;

/**
 * A small Canvas REST API client: Bearer token, `per_page=100`, pagination through the RFC 8288 `Link`
 * header's rel="next" (followed only on Canvas's own origin, so the token never goes elsewhere), a
 * timeout on every request (AbortSignal.timeout), and failures mapped to `CanvasError`.
 */
export class CanvasClient {
  constructor(
    readonly baseUrl: string,
    readonly timeoutMs: number,
  ) {}

  /** GET /api/v1/courses?enrollment_type=teacher: every course the token's user teaches. */
  listTeacherCourses(token: string): Promise<CanvasCourse[]> {
    return this.getAll<CanvasCourse>(token, '/api/v1/courses', [['enrollment_type', 'teacher']]);
  }

  /** GET /api/v1/courses/:id/assignments: every assignment of the course. */
  listAssignments(token: string, courseId: string): Promise<CanvasAssignment[]> {
    return this.getAll<CanvasAssignment>(
      token,
      `/api/v1/courses/${encodeURIComponent(courseId)}/assignments`,
      [],
    );
  }

  /** GET /api/v1/courses/:id/enrollments: the active student, teacher and TA enrollments with their users. */
  listEnrollments(token: string, courseId: string): Promise<CanvasEnrollment[]> {
    return this.getAll<CanvasEnrollment>(
      token,
      `/api/v1/courses/${encodeURIComponent(courseId)}/enrollments`,
      [
        ['type[]', 'StudentEnrollment'],
        ['type[]', 'TeacherEnrollment'],
        ['type[]', 'TaEnrollment'],
        ['state[]', 'active'],
      ],
    );
  }

  /** Follows rel="next" from the first page until there is none; @throws CanvasError. */
  async getAll<T>(token: string, path: string, params: Array<[string, string]>): Promise<T[]> {
    const first = new URL(path, this.baseUrl);
    for (const [k, v] of params) first.searchParams.append(k, v);
    first.searchParams.set('per_page', String(PER_PAGE));
    const origin = first.origin;
    const out: T[] = [];
    let next: URL | null = first;
    for (let page = 0; next; page++) {
      if (page >= MAX_PAGES)
        throw new CanvasError('unavailable', `Canvas returned more than ${MAX_PAGES} pages`);
      const res = await this.fetchPage(token, next);
      let body: unknown;
      try {
        body = await res.json();
      } catch (error) {
        if (isTimeout(error)) throw new CanvasError('timeout', 'Canvas did not finish answering in time');
        throw new CanvasError('unavailable', 'Canvas answered with something that is not JSON', res.status);
      }
      if (!Array.isArray(body))
        throw new CanvasError('unavailable', 'Canvas answered without a list', res.status);
      out.push(...(body as T[]));
      next = nextLink(res.headers.get('link'), next);
      if (next && next.origin !== origin)
        throw new CanvasError('unavailable', 'Canvas paginated to another origin');
    }
    return out;
  }

  private async fetchPage(token: string, url: URL): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      if (isTimeout(error))
        throw new CanvasError('timeout', `Canvas did not answer within ${this.timeoutMs} ms`);
      throw new CanvasError('unavailable', `Canvas could not be reached: ${(error as Error).message}`);
    }
    if (res.ok) return res;
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 401 && res.headers.has('www-authenticate'))
      throw new CanvasError('invalid_token', 'Canvas refused the access token', 401);
    if (res.status === 401 || res.status === 403)
      throw new CanvasError('forbidden', 'Canvas says this user may not see it', res.status);
    if (res.status === 404) throw new CanvasError('not_found', 'Canvas has no such resource', 404);
    throw new CanvasError('unavailable', `Canvas answered HTTP ${res.status}`, res.status);
  }
}

/** The rel="next" target of a Link header, resolved against the page it came with; null when there is none. */
export function nextLink(header: string | null, current: URL): URL | null {
  if (!header) return null;
  let parsed: LinkHeader;
  try {
    parsed = LinkHeader.parse(header);
  } catch {
    return null;
  }
  const [ref] = parsed.rel('next');
  if (!ref) return null;
  try {
    return new URL(ref.uri, current);
  } catch {
    return null;
  }
}

/** True for the errors AbortSignal.timeout raises (TimeoutError, or AbortError from some fetch paths). */
export function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  const causeName = (error as { cause?: { name?: string } } | null)?.cause?.name;
  return name === 'TimeoutError' || name === 'AbortError' || causeName === 'TimeoutError';
}
