import type { Query } from '../../db/client.ts';
import { selectCreditItemTitle } from './ags-queries.ts';
import { type PlatformCallOptions, platformFetch, RosterError } from './nrps.ts';

/**
 * LTI Assignment and Grade Services 2.0 client (docs/lti.md, Grades; IMS AGS 2.0 and Canvas's "Line Items"
 * and "Score" APIs): finding or creating a course's line item for one of our for-credit items, and posting
 * a student's score to it. The access token is the roster's (nrps.ts) with the AGS scopes.
 */

export const AGS_SCOPES = {
  lineitem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;
export const AGS_MEDIA = {
  lineitem: 'application/vnd.ims.lis.v2.lineitem+json',
  container: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
} as const;
/** The tag of every line item Course Coach makes (with resourceId `<type>-<id>`, its stable key). */
export const AGS_TAG = 'course-coach-credit';

/** A for-credit item (docs/glossary.md “For credit”). */
export type CreditType = 'bulletin' | 'survey' | 'playbook';

/** The platform's line item as read or created: its id (URL) and our resourceId. */
export interface LineItem {
  id: string;
  resourceId?: string;
  tag?: string;
  label?: string;
  scoreMaximum?: number;
}

/** The stable resourceId of an item's line item: the same item never gets two. */
export const resourceIdOf = (type: CreditType, itemId: number) => `${type}-${itemId}`;

/**
 * The AGS endpoint a context may use, or why not: the launch's `lineitems` URL (on the platform's origin,
 * the registration's `platform_origin`: a URL elsewhere is refused, no token is sent there) and both
 * scopes Course Coach needs offered in the claim's `scope`.
 */
export function agsEndpoint(
  ags: Record<string, unknown> | null,
  platformOrigin: string,
): { ok: true; lineitems: string } | { ok: false; error: string } {
  const lineitems = ags?.lineitems;
  if (typeof lineitems !== 'string') return { ok: false, error: 'The course offers no grade service.' };
  let url: URL;
  try {
    url = new URL(lineitems);
  } catch {
    return { ok: false, error: 'The course’s line items address is not a URL.' };
  }
  if (url.origin !== platformOrigin)
    return {
      ok: false,
      error: 'The course’s line items address is not on the learning platform’s origin; nothing was sent.',
    };
  const scopes = Array.isArray(ags?.scope) ? ags.scope : [];
  if (!scopes.includes(AGS_SCOPES.lineitem) || !scopes.includes(AGS_SCOPES.score))
    return { ok: false, error: 'The learning platform did not grant the line item and score scopes.' };
  return { ok: true, lineitems: url.href };
}

/** `url` with `/<suffix>` added to its path (its query kept), as AGS builds `{lineitem}/scores`. */
export function withPath(url: string, suffix: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/${suffix}`;
  return u.href;
}

function sameOrigin(url: unknown, origin: string): url is string {
  try {
    return typeof url === 'string' && new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * The line item with our `resourceId` in the container `lineitems` (GET filtered by `resource_id` and
 * `tag`, first page), else a new one (POST: label, scoreMaximum 1, resourceId, tag). An item whose id is
 * not on the container's origin is refused.
 * @throws RosterError when the platform refuses or answers something unreadable.
 */
export async function findOrCreateLineItem(
  lineitems: string,
  token: string,
  item: { type: CreditType; id: number; title: string },
  options: PlatformCallOptions = {},
): Promise<string> {
  const origin = new URL(lineitems).origin;
  const resourceId = resourceIdOf(item.type, item.id);
  const search = new URL(lineitems);
  search.searchParams.set('resource_id', resourceId);
  search.searchParams.set('tag', AGS_TAG);
  const auth = { authorization: `Bearer ${token}` };
  const found = await platformFetch(
    search.href,
    { headers: { ...auth, accept: AGS_MEDIA.container } },
    'the course’s line items',
    options,
  );
  const list = (await found.json().catch(() => null)) as unknown;
  if (!Array.isArray(list))
    throw new RosterError('The learning platform answered line items Course Coach cannot read.');
  const mine = (list as LineItem[]).find((l) => l?.resourceId === resourceId && l?.tag === AGS_TAG);
  if (mine) {
    if (!sameOrigin(mine.id, origin)) throw new RosterError('The platform’s line item is on another origin.');
    return mine.id;
  }
  const created = await platformFetch(
    lineitems,
    {
      method: 'POST',
      headers: { ...auth, 'content-type': AGS_MEDIA.lineitem, accept: AGS_MEDIA.lineitem },
      body: JSON.stringify({ scoreMaximum: 1, label: item.title, resourceId, tag: AGS_TAG }),
    },
    'a new line item',
    options,
  );
  const body = (await created.json().catch(() => null)) as LineItem | null;
  if (!sameOrigin(body?.id, origin))
    throw new RosterError('The learning platform answered a line item Course Coach cannot read.');
  return body.id;
}

/** The score of a credit (docs/lti.md, Grades): 1 of 1, completed and fully graded, at the completion time. */
export function creditScore(userId: string, completedAt: Date) {
  return {
    userId,
    scoreGiven: 1,
    scoreMaximum: 1,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
    timestamp: completedAt.toISOString(),
  };
}

/**
 * Posts a score to `{lineitem}/scores` (content type application/vnd.ims.lis.v1.score+json).
 * @throws RosterError as platformFetch (a 5xx after the attempts, a refusal).
 */
export async function postScore(
  lineitem: string,
  token: string,
  score: ReturnType<typeof creditScore>,
  options: PlatformCallOptions = {},
): Promise<void> {
  await platformFetch(
    withPath(lineitem, 'scores'),
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': AGS_MEDIA.score,
        accept: 'application/json',
      },
      body: JSON.stringify(score),
    },
    'a score',
    options,
  );
}

/** The title of a for-credit item (the line item's label), or null when it is gone. */
export async function creditItemTitle(q: Query, type: CreditType, id: number): Promise<string | null> {
  return (await selectCreditItemTitle(q, type, id)) ?? null;
}
