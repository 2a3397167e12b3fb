import type http from 'node:http';

/**
 * The Assignment and Grade Services side of the Canvas stand-in's LTI platform (docs/lti.md, Stand-in), in
 * Canvas's documented shapes ("Line Items" and "Score" APIs, IMS AGS 2.0): the line items container
 * `GET|POST /api/lti/courses/:id/line_items` (GET filtered by `resource_id`, `tag`; media types
 * application/vnd.ims.lis.v2.lineitemcontainer+json and …lineitem+json; the `lineitem` scope) and
 * `POST /api/lti/courses/:id/line_items/:n/scores` (application/vnd.ims.lis.v1.score+json; the `score`
 * scope). It records what it received and can answer 500 to the next requests.
 */

const SCOPE = {
  lineitem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
};
const MEDIA = {
  lineitem: 'application/vnd.ims.lis.v2.lineitem+json',
  container: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
};
const ACTIVITY = ['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'];
const GRADING = ['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'];

/** A line item the stand-in holds. */
export interface StandinLineItem {
  id: string;
  courseId: number;
  scoreMaximum: number;
  label: string;
  resourceId?: string;
  tag?: string;
}

/** A score the stand-in accepted. */
export interface StandinScore {
  lineItemId: string;
  courseId: number;
  body: Record<string, unknown>;
}

/** The knobs the tests turn and what the platform received. */
export interface AgsStandin {
  lineItems: StandinLineItem[];
  scores: StandinScore[];
  /** Answer 500 to the next this many AGS requests. */
  failNext: number;
  /** Every AGS request, accepted or not (method path status). */
  requests: string[];
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, origin: string): Promise<boolean>;
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Canvas's score checks: the user, numbers with the maximum, the two progress values and a timestamp. */
function scoreError(body: Record<string, unknown> | null): string | null {
  if (!body) return 'body is not a JSON object';
  if (typeof body.userId !== 'string' || body.userId === '') return 'userId';
  if (
    body.scoreGiven !== undefined &&
    (typeof body.scoreGiven !== 'number' || typeof body.scoreMaximum !== 'number')
  )
    return 'scoreGiven and scoreMaximum';
  if (!ACTIVITY.includes(String(body.activityProgress))) return 'activityProgress';
  if (!GRADING.includes(String(body.gradingProgress))) return 'gradingProgress';
  if (typeof body.timestamp !== 'string' || Number.isNaN(Date.parse(body.timestamp))) return 'timestamp';
  return null;
}

/** Creates the AGS platform side; `scopesOf` tells the scopes of a bearer token (the NRPS side's token endpoint). */
export function createAgsStandin(scopesOf: (bearer: string | undefined) => string[]): AgsStandin {
  let next = 1;
  const standin: AgsStandin = {
    lineItems: [],
    scores: [],
    failNext: 0,
    requests: [],
    async handle(req, res, url, origin) {
      const container = /^\/api\/lti\/courses\/([0-9]+)\/line_items$/.exec(url.pathname);
      const scores = /^\/api\/lti\/courses\/([0-9]+)\/line_items\/([0-9]+)\/scores$/.exec(url.pathname);
      if (
        !(container && (req.method === 'GET' || req.method === 'POST')) &&
        !(scores && req.method === 'POST')
      )
        return false;
      const answer = (status: number, body: unknown, type = 'application/json') => {
        standin.requests.push(`${req.method} ${url.pathname} ${status}`);
        res.writeHead(status, { 'content-type': type });
        res.end(JSON.stringify(body));
        return true;
      };
      if (standin.failNext > 0) {
        standin.failNext--;
        return answer(500, { errors: [{ message: 'An error occurred.' }] });
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const granted = scopesOf(bearer);
      const needed = scores ? SCOPE.score : SCOPE.lineitem;
      if (granted.length === 0) return answer(401, { errors: [{ message: 'Invalid access token' }] });
      if (!granted.includes(needed)) return answer(403, { errors: [{ message: 'Insufficient scopes' }] });
      const courseId = Number((container ?? scores)![1]);
      if (container && req.method === 'GET') {
        const rid = url.searchParams.get('resource_id');
        const tag = url.searchParams.get('tag');
        const items = standin.lineItems.filter(
          (l) => l.courseId === courseId && (!rid || l.resourceId === rid) && (!tag || l.tag === tag),
        );
        return answer(
          200,
          items.map(({ courseId: _c, ...l }) => l),
          MEDIA.container,
        );
      }
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (container) {
        if (type !== MEDIA.lineitem) return answer(415, { errors: [{ message: 'content type' }] });
        const body = await readJson(req);
        if (
          !body ||
          typeof body.label !== 'string' ||
          typeof body.scoreMaximum !== 'number' ||
          body.scoreMaximum <= 0
        )
          return answer(400, { errors: [{ message: 'label and scoreMaximum are required' }] });
        const item: StandinLineItem = {
          id: `${origin}/api/lti/courses/${courseId}/line_items/${next++}`,
          courseId,
          scoreMaximum: body.scoreMaximum,
          label: body.label,
          ...(typeof body.resourceId === 'string' ? { resourceId: body.resourceId } : {}),
          ...(typeof body.tag === 'string' ? { tag: body.tag } : {}),
        };
        standin.lineItems.push(item);
        const { courseId: _c, ...shown } = item;
        return answer(200, shown, MEDIA.lineitem);
      }
      const lineItemId = `${origin}/api/lti/courses/${courseId}/line_items/${scores![2]}`;
      if (!standin.lineItems.some((l) => l.id === lineItemId))
        return answer(404, { errors: [{ message: 'The specified resource does not exist.' }] });
      if (type !== MEDIA.score) return answer(415, { errors: [{ message: 'content type' }] });
      const body = await readJson(req);
      const bad = scoreError(body);
      if (bad) return answer(422, { errors: [{ message: `Invalid ${bad}` }] });
      standin.scores.push({ lineItemId, courseId, body: body! });
      return answer(200, { resultUrl: `${lineItemId}/results/${standin.scores.length}` });
    },
  };
  return standin;
}
