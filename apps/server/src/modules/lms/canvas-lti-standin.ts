import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { LIS, LTI_CLAIM } from '@course-coach/contracts';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { type AgsStandin, createAgsStandin } from './canvas-ags-standin.ts';
import { createNrpsStandin, type NrpsStandin } from './canvas-nrps-standin.ts';
import { course, STANDIN_TEACHER } from './canvas-standin-data.ts';

/**
 * The LTI 1.3 platform side of the Canvas stand-in (docs/lti.md, Stand-in), with Canvas's documented
 * shapes ("LTI Launch Overview"): its issuer, a JWKS at /api/lti/security/jwks, the OIDC authorization
 * endpoint /api/lti/authorize_redirect that answers a page auto-posting `id_token` and `state` to the
 * tool's redirect_uri (response_mode form_post), and a course page that frames the tool
 * (/courses/:id/external_tools/course_coach?as=<user>) by sending the frame to the tool's login
 * initiation. `tamper` makes the next id_tokens wrong in one way, for the refusal tests.
 */

/** Canvas's issuer for hosted instances (the stand-in uses its own origin unless told otherwise). */
export const CANVAS_ISSUER = 'https://canvas.instructure.com';

/** A person the stand-in can launch as (`as` of the course page = the key). */
export interface LtiStandinUser {
  name: string;
  email?: string;
  roles: string[];
}

/** Ways to spoil the id_token, each one refusal test. */
export type LtiTamper =
  | 'bad-signature'
  | 'wrong-audience'
  | 'expired'
  | 'wrong-nonce'
  | 'unknown-deployment'
  | 'wrong-issuer'
  | null;

export interface LtiPlatformOptions {
  /** The developer key's client id (the id_token's aud). */
  clientId: string;
  deploymentId: string;
  /** The tool's OIDC login initiation URL (what the course page frames). */
  toolLoginUrl: string;
  users: Record<string, LtiStandinUser>;
  /** The `iss` the platform sends; default its own origin. */
  issuer?: string;
}

/** The LTI platform's state, knobs and request handler (mounted by canvas-standin.ts). */
export interface LtiPlatform {
  options: LtiPlatformOptions;
  tamper: LtiTamper;
  /** The id_tokens issued (newest last), for replay tests. */
  issued: string[];
  /** Names and Roles: token endpoint, roster and their knobs (./canvas-nrps-standin.ts). */
  nrps: NrpsStandin;
  /** Assignment and Grade Services: line items, scores and their knobs (./canvas-ags-standin.ts). */
  ags: AgsStandin;
  /** Whether launches carry the AGS endpoint claim (default true). */
  offerAgs: boolean;
  /** The platform's issuer (its origin unless `options.issuer`). */
  issuer(origin: string): string;
  /** Handles the platform's paths; false when the path is not one of them. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, origin: string): Promise<boolean>;
}

/** The opaque context id the stand-in sends for a course (Canvas sends a SHA-1 hex of the course). */
export function standinContextId(courseId: number): string {
  return createHash('sha1').update(`standin-course-${courseId}`).digest('hex');
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Canvas stand-in</title></head><body>${body}</body></html>`,
  );
}

/** Creates the platform (its signing key, and another key for `bad-signature`). */
export async function createLtiPlatform(options: LtiPlatformOptions): Promise<LtiPlatform> {
  const kid = `standin-${randomBytes(6).toString('hex')}`;
  const key = await generateKeyPair('RS256', { extractable: true });
  const otherKey = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(key.publicKey)), kid, alg: 'RS256', use: 'sig' };
  /** Signs a resource-link launch id_token as Canvas shapes it. */
  async function sign(
    userKey: string,
    user: LtiStandinUser,
    courseId: number,
    nonce: string,
    origin: string,
  ): Promise<string> {
    const tamper = platform.tamper;
    const c = course(courseId, STANDIN_TEACHER.id);
    const now = Math.floor(Date.now() / 1000);
    const contextId = standinContextId(courseId);
    const claims: Record<string, unknown> = {
      nonce: tamper === 'wrong-nonce' ? 'not-the-nonce' : nonce,
      name: user.name,
      given_name: user.name.split(' ')[0],
      family_name: user.name.split(' ').slice(1).join(' '),
      ...(user.email ? { email: user.email } : {}),
      locale: 'en',
      [LTI_CLAIM.messageType]: 'LtiResourceLinkRequest',
      [LTI_CLAIM.version]: '1.3.0',
      [LTI_CLAIM.deploymentId]:
        tamper === 'unknown-deployment' ? 'deployment-nobody-registered' : options.deploymentId,
      [LTI_CLAIM.targetLinkUri]: options.toolLoginUrl.replace(/\/login$/, '/launch'),
      [LTI_CLAIM.resourceLink]: { id: contextId, title: c.name, description: null },
      [LTI_CLAIM.roles]: user.roles,
      [LTI_CLAIM.context]: {
        id: contextId,
        label: c.course_code,
        title: c.name,
        type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
      },
      'https://purl.imsglobal.org/spec/lti/claim/tool_platform': {
        guid: 'standin-platform',
        name: 'Canvas stand-in',
        product_family_code: 'canvas',
        version: 'cloud',
      },
      'https://purl.imsglobal.org/spec/lti/claim/launch_presentation': {
        document_target: 'iframe',
        return_url: `${origin}/courses/${courseId}/external_content/success/external_tool_redirect`,
        locale: 'en',
      },
      [LTI_CLAIM.nrps]: {
        context_memberships_url: `${origin}/api/lti/courses/${courseId}/names_and_roles`,
        service_versions: ['2.0'],
      },
      ...(platform.offerAgs
        ? {
            [LTI_CLAIM.ags]: {
              scope: [
                'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
                'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
                'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
                'https://purl.imsglobal.org/spec/lti-ags/scope/score',
              ],
              lineitems: `${origin}/api/lti/courses/${courseId}/line_items`,
            },
          }
        : {}),
    };
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(tamper === 'wrong-issuer' ? 'https://evil.example' : platform.issuer(origin))
      .setAudience(tamper === 'wrong-audience' ? 'some-other-tool' : options.clientId)
      .setSubject(`standin-user-${userKey}`)
      .setIssuedAt(tamper === 'expired' ? now - 7200 : now)
      .setExpirationTime(tamper === 'expired' ? now - 3600 : now + 3600);
    return jwt.sign(tamper === 'bad-signature' ? otherKey.privateKey : key.privateKey);
  }

  const platform: LtiPlatform = {
    options,
    tamper: null,
    issued: [],
    nrps: createNrpsStandin(
      options.clientId,
      options.toolLoginUrl.replace(/\/login$/, '/jwks'),
      standinContextId,
    ),
    ags: null as unknown as AgsStandin,
    offerAgs: true,
    issuer: (origin) => options.issuer ?? origin,
    async handle(req, res, url, origin) {
      if (await platform.nrps.handle(req, res, url, origin)) return true;
      if (await platform.ags.handle(req, res, url, origin)) return true;
      const path = url.pathname;
      if (req.method === 'GET' && path === '/api/lti/security/jwks') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ keys: [publicJwk] }));
        return true;
      }
      const coursePage = /^\/courses\/([0-9]+)\/external_tools\/course_coach$/.exec(path);
      if (req.method === 'GET' && coursePage) {
        const courseId = Number(coursePage[1]);
        const as = url.searchParams.get('as') ?? '';
        const login = new URL(options.toolLoginUrl);
        login.searchParams.set('iss', platform.issuer(origin));
        login.searchParams.set('login_hint', as);
        login.searchParams.set('target_link_uri', options.toolLoginUrl.replace(/\/login$/, '/launch'));
        login.searchParams.set('lti_message_hint', String(courseId));
        login.searchParams.set('client_id', options.clientId);
        login.searchParams.set('lti_deployment_id', options.deploymentId);
        const frame = url.searchParams.get('window') === 'top';
        page(
          res,
          200,
          `<h1>${escapeHtml(course(courseId, STANDIN_TEACHER.id).name)}</h1>` +
            (frame
              ? `<a id="open" href="${escapeHtml(login.href)}">Open Course Coach</a>`
              : `<iframe id="tool_content" title="Course Coach" src="${escapeHtml(login.href)}" style="width:100%;height:700px;border:0" allow="clipboard-write"></iframe>`),
        );
        return true;
      }
      if (req.method === 'GET' && path === '/api/lti/authorize_redirect') {
        const q = url.searchParams;
        const user = options.users[q.get('login_hint') ?? ''];
        const redirectUri = q.get('redirect_uri');
        if (
          q.get('client_id') !== options.clientId ||
          q.get('response_type') !== 'id_token' ||
          q.get('scope') !== 'openid' ||
          q.get('response_mode') !== 'form_post' ||
          !redirectUri ||
          !user
        ) {
          page(res, 400, '<p>invalid_request</p>');
          return true;
        }
        const courseId = Number(q.get('lti_message_hint'));
        const idToken = await sign(q.get('login_hint')!, user, courseId, q.get('nonce') ?? '', origin);
        platform.issued.push(idToken);
        page(
          res,
          200,
          `<form id="launch" method="post" action="${escapeHtml(redirectUri)}">
<input type="hidden" name="id_token" value="${escapeHtml(idToken)}"><input type="hidden" name="state" value="${escapeHtml(q.get('state') ?? '')}">
<noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById('launch').submit()</script>`,
        );
        return true;
      }
      return false;
    },
  };

  platform.ags = createAgsStandin(platform.nrps.scopesOf);
  return platform;
}

/** The roles Canvas sends for a student and a teacher of a course. */
export const CANVAS_STUDENT_ROLES = [
  LIS.institutionStudent,
  LIS.learner,
  'http://purl.imsglobal.org/vocab/lis/v2/system/person#User',
];
export const CANVAS_TEACHER_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
  LIS.instructor,
  'http://purl.imsglobal.org/vocab/lis/v2/system/person#User',
];
/** A Canvas account admin teaching a course: an Administrator role besides Instructor. */
export const CANVAS_ADMIN_ROLES = [
  LIS.institutionAdmin,
  LIS.instructor,
  'http://purl.imsglobal.org/vocab/lis/v2/system/person#User',
];
