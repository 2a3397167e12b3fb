/**
 * LMS: the Canvas connection of the coach setup wizard (`LmsService`) with the OAuth2 flow and the
 * user's stored tokens. The course reads and the roster import are in ./courses.ts, the failures in
 * ./errors.ts; the module's public entry is ./index.ts.
 */
import { createHash, createHmac } from 'node:crypto';
import {
  LMS_API,
  LMS_PROVIDER,
  type LmsAssignment,
  type LmsCourse,
  type LmsErrorCode,
  type RosterImportResult,
  safeSameOriginPath,
} from '@course-coach/contracts';
import type { InstitutionCaller } from '../../auth/context.ts';
import { newToken, safeEqual } from '../../auth/tokens.ts';
import type { Database, Query } from '../../db/client.ts';
import { CanvasClient, CanvasError } from './canvas-client.ts';
import { importRoster, taughtCourse, toAssignment, toCourse } from './courses.ts';
import { decryptToken, encryptToken } from './crypto.ts';
import { fromCanvas, LmsError, lmsError } from './errors.ts';
import {
  type CanvasTokens,
  canvasAuthorizationUrl,
  exchangeCode,
  GrantRefusedError,
  refreshAccessToken,
} from './oauth.ts';
import {
  type AuthorizationRow,
  deleteAuthorization,
  deleteExpiredStates,
  insertOAuthState,
  selectAuthorization,
  selectLinkedCourse,
  takeOAuthState,
  updateAccessToken,
  upsertAuthorization,
} from './queries.ts';
import type { LmsSettings } from './settings.ts';

export { NO_PASSWORD } from './courses.ts';
export { LinkedElsewhereError, LmsError, lmsError } from './errors.ts';

/** How long a started authorization (its `state`) stays usable. */
export const STATE_TTL_MINUTES = 10;
/** An access token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_SECONDS = 60;

const tokenContext = (a: InstitutionCaller, kind: 'access' | 'refresh') =>
  `${LMS_PROVIDER}:${a.institutionId}:${a.userId}:${kind}`;

/**
 * A same-site path to come back to after Canvas, normalised (`safeSameOriginPath` in contracts: the
 * path is resolved first and the result checked, so `/..//evil.example` is refused), at most 500
 * characters; null when unsafe.
 */
export function safeReturnPath(path: string): string | null {
  return safeSameOriginPath(path, 500);
}

/**
 * The Canvas connection the coach setup wizard uses (README "Canvas LMS"):
 * - `startAuthorization` / `completeAuthorization`: the OAuth2 authorization-code flow, with a `state`
 *   signed and stored server-side, bound to the user and their session, used once;
 * - tokens stored encrypted per user and institution, refreshed before expiry and once after a 401;
 *   a refused refresh (revoked or expired authorization) deletes them and answers "authorization required";
 * - `listCourses`, `listAssignments` and `importRoster` over Canvas's REST API, each refusing a course
 *   the user does not teach in Canvas.
 * Every failure the caller can see is an `LmsError` (code, HTTP status, text); nothing is kept in memory.
 */
export class LmsService {
  readonly canvas: CanvasClient | null;

  constructor(
    readonly database: Database,
    readonly settings: LmsSettings,
  ) {
    this.canvas = settings.baseUrl ? new CanvasClient(settings.baseUrl, settings.timeoutMs) : null;
  }

  /** Whether a Canvas instance (or the stand-in) is configured. */
  get configured(): boolean {
    return this.settings.baseUrl !== null;
  }

  private requireConfigured(): LmsSettings & { baseUrl: string } {
    if (!this.settings.baseUrl) throw lmsError('lms_not_configured');
    return this.settings as LmsSettings & { baseUrl: string };
  }

  private sign(nonce: string, userId: number, sessionId: string): string {
    return createHmac('sha256', this.settings.tokenKey)
      .update(`lms-state:${nonce}:${userId}:${sessionId}`)
      .digest('base64url');
  }

  /**
   * Starts the flow: stores a fresh `state` (its SHA-256) bound to the user, session and institution,
   * and returns the Canvas authorization URL to redirect the browser to.
   */
  async startAuthorization(
    actor: InstitutionCaller & { sessionId: string },
    returnTo: string,
    requestOrigin: string,
  ): Promise<string> {
    const settings = this.requireConfigured();
    const redirectUri = settings.redirectUri ?? `${requestOrigin}${LMS_API.canvasCallback}`;
    const nonce = newToken();
    const state = `${nonce}.${this.sign(nonce, actor.userId, actor.sessionId)}`;
    await deleteExpiredStates(this.database.query);
    await insertOAuthState(
      this.database.query,
      sha256(nonce),
      actor,
      returnTo,
      redirectUri,
      STATE_TTL_MINUTES,
    );
    return canvasAuthorizationUrl(settings, state, redirectUri);
  }

  /**
   * Finishes the flow on the callback: checks and uses up the `state` (signature, same user and
   * session, not expired, still staff of the institution), then exchanges the code and stores the tokens.
   * @returns where to send the browser and how it went (`denied` when refused at Canvas, `failed` with
   *   the code when the exchange failed), or null when the state is unknown, used, expired or not the
   *   caller's (the route answers 400).
   */
  async completeAuthorization(
    caller: { userId: number; sessionId: string },
    params: URLSearchParams,
  ): Promise<{
    returnTo: string;
    institutionId: number;
    result: 'connected' | 'denied' | 'failed';
    code?: LmsErrorCode;
  } | null> {
    const settings = this.requireConfigured();
    const state = params.get('state') ?? '';
    const [nonce = '', signature = ''] = state.split('.');
    if (!nonce || !signature || !safeEqual(signature, this.sign(nonce, caller.userId, caller.sessionId)))
      return null;
    const row = await takeOAuthState(this.database.query, sha256(nonce));
    if (!row?.live || row.user_id !== caller.userId || row.session_id !== caller.sessionId || !row.staff)
      return null;
    const done = { returnTo: row.return_to, institutionId: row.institution_id };
    if (params.has('error')) return { ...done, result: 'denied' };
    let tokens: CanvasTokens;
    try {
      tokens = await exchangeCode(settings, params, row.redirect_uri);
    } catch (error) {
      if (error instanceof GrantRefusedError)
        return { ...done, result: 'failed', code: 'lms_authorization_required' };
      const mapped = fromCanvas(error);
      if (mapped instanceof LmsError) return { ...done, result: 'failed', code: mapped.code };
      throw error;
    }
    await this.storeTokens({ userId: caller.userId, institutionId: row.institution_id }, tokens);
    return { ...done, result: 'connected' };
  }

  /** Saves (insert or replace) the user's tokens, encrypted. */
  private async storeTokens(
    actor: InstitutionCaller,
    tokens: CanvasTokens,
    query: Query = this.database.query,
  ): Promise<void> {
    const key = this.settings.tokenKey;
    await upsertAuthorization(
      query,
      actor,
      { id: tokens.user?.id ?? null, name: tokens.user?.name ?? null },
      encryptToken(key, tokens.access_token, tokenContext(actor, 'access')),
      tokens.refresh_token ? encryptToken(key, tokens.refresh_token, tokenContext(actor, 'refresh')) : null,
      tokens.expires_in,
    );
  }

  /** The caller's authorization, if any (without calling Canvas). */
  async status(
    actor: InstitutionCaller,
  ): Promise<{ authorized: boolean; lmsUser: { id: string; name: string | null } | null }> {
    const row = await this.load(actor);
    return {
      authorized: row !== null,
      lmsUser: row?.lms_user_id ? { id: row.lms_user_id, name: row.lms_user_name } : null,
    };
  }

  /** Forgets the caller's tokens (disconnect). @returns whether there were any. */
  async disconnect(actor: InstitutionCaller): Promise<boolean> {
    return deleteAuthorization(this.database.query, actor);
  }

  private async load(actor: InstitutionCaller): Promise<AuthorizationRow | null> {
    const row = await selectAuthorization(this.database.query, actor, REFRESH_MARGIN_SECONDS);
    return row ?? null;
  }

  /** Drops an authorization that can no longer be used and answers "authorization required". */
  private async forget(actor: InstitutionCaller): Promise<never> {
    await this.disconnect(actor);
    throw lmsError('lms_authorization_required');
  }

  /** Refreshes the access token; a refused refresh forgets the authorization. @returns the new token. */
  private async refresh(actor: InstitutionCaller, row: AuthorizationRow): Promise<string> {
    const settings = this.requireConfigured();
    const refreshToken = row.refresh_token_enc
      ? decryptToken(settings.tokenKey, row.refresh_token_enc, tokenContext(actor, 'refresh'))
      : null;
    if (!refreshToken) return this.forget(actor);
    let tokens: CanvasTokens;
    try {
      tokens = await refreshAccessToken(settings, refreshToken);
    } catch (error) {
      if (error instanceof GrantRefusedError) return this.forget(actor);
      throw fromCanvas(error);
    }
    await updateAccessToken(
      this.database.query,
      row.id,
      encryptToken(settings.tokenKey, tokens.access_token, tokenContext(actor, 'access')),
      tokens.expires_in,
      tokens.refresh_token
        ? encryptToken(settings.tokenKey, tokens.refresh_token, tokenContext(actor, 'refresh'))
        : null,
    );
    return tokens.access_token;
  }

  /**
   * Runs `call` with the caller's access token: refreshed first when it is about to expire, and once
   * more after Canvas answers 401 (expired or revoked token). Canvas failures become LmsErrors.
   */
  async withToken<T>(
    actor: InstitutionCaller,
    call: (client: CanvasClient, token: string) => Promise<T>,
  ): Promise<T> {
    const settings = this.requireConfigured();
    const client = this.canvas!;
    const row = await this.load(actor);
    if (!row) throw lmsError('lms_authorization_required');
    let token = decryptToken(settings.tokenKey, row.access_token_enc, tokenContext(actor, 'access'));
    let refreshed = false;
    if (!token || row.expiring) {
      token = await this.refresh(actor, row);
      refreshed = true;
    }
    try {
      return await call(client, token);
    } catch (error) {
      if (!(error instanceof CanvasError) || error.failure !== 'invalid_token') throw fromCanvas(error);
      if (refreshed) return this.forget(actor);
    }
    token = await this.refresh(actor, row);
    try {
      return await call(client, token);
    } catch (error) {
      if (error instanceof CanvasError && error.failure === 'invalid_token') return this.forget(actor);
      throw fromCanvas(error);
    }
  }

  /** The Canvas course a coach is connected to (for the wizard's `existing_config`), or null. */
  async linkedCourse(coachId: number): Promise<{ lms_course_id: string; lms_course_name: string } | null> {
    const row = await selectLinkedCourse(this.database.query, coachId);
    return row ?? null;
  }

  /** The courses the caller teaches in Canvas (the wizard's `lms_courses`), by name. */
  async listCourses(actor: InstitutionCaller): Promise<LmsCourse[]> {
    const courses = await this.withToken(actor, (c, t) => c.listTeacherCourses(t));
    return courses.map(toCourse).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** The assignments of a course the caller teaches (the wizard's `assignments`), by due date. */
  async listAssignments(actor: InstitutionCaller, courseId: string): Promise<LmsAssignment[]> {
    const list = await this.withToken(actor, async (c, t) => {
      await taughtCourse(c, t, courseId);
      return c.listAssignments(t, courseId);
    });
    return list.map(toAssignment);
  }

  /**
   * Imports a Canvas course's roster into a coach of the institution, in one transaction (the rules:
   * `importRoster` in ./courses.ts). A coach linked to another course is refused (LinkedElsewhereError).
   */
  async importRoster(
    actor: InstitutionCaller,
    coachId: number,
    courseId: string,
  ): Promise<RosterImportResult> {
    return importRoster(this, actor, coachId, courseId);
  }
}

/** SHA-256 of `value` as hex (the stored form of an OAuth `state` nonce). */
function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
