import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { course, STANDIN_TEACHER } from './canvas-standin-data.ts';

/**
 * The NRPS side of the Canvas stand-in's LTI platform (docs/lti.md, Roster), in Canvas's documented shapes
 * ("Names and Role" API): the OAuth 2.0 token endpoint `POST /login/oauth2/token` (client-credentials grant
 * whose JWT client assertion is verified with `jose` against the tool's JWKS URL: iss = sub = client id,
 * aud = this token URL, a jti not seen before), and `GET /api/lti/courses/:id/names_and_roles` answering
 * the membership container (`id`, `context`, `members`) page by page (`limit`, `Link: <…>; rel="next"`).
 */

/** A member of the stand-in roster, keyed like the launch users (`user_id` = `standin-user-<key>`). */
export interface NrpsStandinMember {
  name: string;
  email?: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
}

/** The knobs the tests turn. */
export interface NrpsStandin {
  /** The roster of every course (mutable between syncs). */
  roster: Record<string, NrpsStandinMember>;
  /** Members per page (Canvas's `limit`); default 50. */
  pageSize: number;
  /** Answer 500 to the next this many requests (token or roster). */
  failNext: number;
  /** Where the tool's public keys are fetched from (default: the tool's /api/v1/lti/jwks). */
  toolJwksUrl: string;
  /** Requests served, by kind, for paging and retry tests. */
  requests: { token: number; roster: number };
  /** The scopes an access token was granted (empty for an unknown token). */
  scopesOf(bearer: string | undefined): string[];
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, origin: string): Promise<boolean>;
}

const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
/** The scopes the developer key has (Canvas grants the asked ones among them). */
const GRANTABLE = [
  NRPS_SCOPE,
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
];
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Creates the NRPS platform side for the developer key `clientId`, trusting `toolJwksUrl`. */
export function createNrpsStandin(
  clientId: string,
  toolJwksUrl: string,
  contextId: (courseId: number) => string,
) {
  const tokens = new Map<string, string[]>();
  const jtis = new Set<string>();
  const standin: NrpsStandin = {
    roster: {},
    pageSize: 50,
    failNext: 0,
    toolJwksUrl,
    requests: { token: 0, roster: 0 },
    scopesOf: (bearer) => (bearer ? (tokens.get(bearer) ?? []) : []),
    async handle(req, res, url, origin) {
      const path = url.pathname;
      const roster = /^\/api\/lti\/courses\/([0-9]+)\/names_and_roles$/.exec(path);
      const isToken = req.method === 'POST' && path === '/login/oauth2/token';
      if (!isToken && !(req.method === 'GET' && roster)) return false;
      if (isToken) standin.requests.token++;
      else standin.requests.roster++;
      if (standin.failNext > 0) {
        standin.failNext--;
        json(res, 500, { errors: [{ message: 'An error occurred.' }] });
        return true;
      }
      if (isToken) {
        const form = await readForm(req);
        if (
          form.get('grant_type') !== 'client_credentials' ||
          form.get('client_assertion_type') !== ASSERTION_TYPE
        ) {
          json(res, 400, { error: 'unsupported_grant_type' });
          return true;
        }
        try {
          const jwks = createRemoteJWKSet(new URL(standin.toolJwksUrl));
          const { payload } = await jwtVerify(form.get('client_assertion') ?? '', jwks, {
            issuer: clientId,
            subject: clientId,
            audience: `${origin}/login/oauth2/token`,
            algorithms: ['RS256'],
            maxTokenAge: '1h',
          });
          if (typeof payload.jti !== 'string' || jtis.has(payload.jti))
            throw new Error('jti missing or used');
          jtis.add(payload.jti);
        } catch {
          json(res, 401, { error: 'invalid_client' });
          return true;
        }
        const scopes = (form.get('scope') ?? '').split(' ').filter((s) => GRANTABLE.includes(s));
        const token = randomBytes(24).toString('hex');
        tokens.set(token, scopes);
        json(res, 200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: scopes.join(' '),
        });
        return true;
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.get(bearer)?.includes(NRPS_SCOPE)) {
        json(res, 401, { errors: [{ message: 'Invalid access token' }] });
        return true;
      }
      const courseId = Number(roster![1]);
      const c = course(courseId, STANDIN_TEACHER.id);
      const all = Object.entries(standin.roster).map(([key, m]) => ({
        status: m.status ?? 'Active',
        name: m.name,
        picture: null,
        given_name: m.name.split(' ')[0],
        family_name: m.name.split(' ').slice(1).join(' '),
        ...(m.email ? { email: m.email } : {}),
        user_id: `standin-user-${key}`,
        lti11_legacy_user_id: key,
        roles: m.roles,
      }));
      const limit = Math.max(1, Number(url.searchParams.get('limit') ?? standin.pageSize));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const members = all.slice((page - 1) * limit, page * limit);
      const headers: Record<string, string> = {
        'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
      };
      if (page * limit < all.length) {
        const next = new URL(`${url.pathname}${url.search}`, origin);
        next.searchParams.set('page', String(page + 1));
        next.searchParams.set('limit', String(limit));
        headers.link = `<${next.href}>; rel="next"`;
      }
      res.writeHead(200, headers);
      res.end(
        JSON.stringify({
          id: new URL(`${url.pathname}${url.search}`, origin).href,
          context: { id: contextId(courseId), label: c.course_code, title: c.name },
          members,
        }),
      );
      return true;
    },
  };
  return standin;
}
