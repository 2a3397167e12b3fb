/**
 * Bulletins: the audience rule as SQL and the reader's wire shape.
 *
 * Who sees what (the audience rule, docs/bulletins.md):
 * - Staff of a coach (its instructors, institution staff and admins) see every bulletin of it, with the
 *   Scheduled and Drafted labels.
 * - A student sees a bulletin of a coach they are enrolled in as a student when it is *live* (published,
 *   neither queued nor under review, publish time come; the same rule as the activity cards) and it has
 *   no audience Insight Group, or they are a member of it (`cohort_memberships`, as of its last sync).
 * - 'Recommended': the bulletin has characteristic wiring and the student's values match it
 *   (`matchWiring`, semantics in packages/contracts/src/wiring.ts), or it targets an Insight Group the
 *   student is in.
 * - A student excluded from the bulletin (`content_exclusions`) never sees it.
 * - Credit status of a for-credit bulletin: `success` when viewed by its credit deadline (or it has
 *   none), `fail` when the deadline passed first, else `pending`; null when not for credit.
 *
 * Shared by the reader's queries and commands (./reader.ts); the rule as SQL is in ./queries.ts.
 */
import { type Bulletin, type CreditStatus, topicDefaultImage } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { matchWiring } from '../wiring/index.ts';
import type { BulletinCaller, Row } from './queries.ts';

export type { BulletinCaller, BulletinScope } from './queries.ts';

/** A timestamp as ISO text. */
export const iso = (d: Date | string) => new Date(d).toISOString();

/** Credit status (spec §4): see the rule at the top of this file (docs/bulletins.md). */
export function creditStatus(
  relatedCredit: boolean,
  deadline: Date | null,
  viewedAt: Date | null,
  now: Date,
): CreditStatus | null {
  if (!relatedCredit) return null;
  if (viewedAt && (!deadline || viewedAt <= deadline)) return 'success';
  if (deadline && deadline < now) return 'fail';
  return 'pending';
}

/** Maps a reader row to the wire `Bulletin`, for the caller at time `now`. */
export function toBulletin(row: Row, recommended: boolean, now: Date): Bulletin {
  const deadline = row.credit_deadline ? new Date(row.credit_deadline) : null;
  const viewedAt = row.viewed_at ? new Date(row.viewed_at) : null;
  return {
    id: row.id,
    coach: row.coach,
    coach_label: row.coach_label,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    icon_url: row.icon_url,
    starred: row.starred,
    recommended,
    viewed: viewedAt !== null,
    is_published: row.is_published,
    is_queued: row.is_queued,
    under_review: row.under_review,
    is_interactive: row.is_interactive,
    publish_timestamp: iso(row.publish_timestamp),
    related_credit: row.related_credit,
    credit_deadline: deadline ? deadline.toISOString() : null,
    user_progress_status: creditStatus(row.related_credit, deadline, viewedAt, now),
    topic: row.topic,
    default_icon_url: topicDefaultImage(row.topic).url,
    default_icon_alt: topicDefaultImage(row.topic).alt,
  };
}

/**
 * The bulletins among `rows` that are Recommended for the caller (docs/bulletins.md): those whose
 * characteristic wiring their values match, and those targeted at an Insight Group they are in.
 */
export async function recommendedIds(
  query: Query,
  caller: BulletinCaller,
  rows: Row[],
): Promise<Set<number>> {
  const byCoach = new Map<number, number[]>();
  for (const r of rows) byCoach.set(r.coach, [...(byCoach.get(r.coach) ?? []), r.id]);
  const out = new Set<number>(rows.filter((r) => r.in_audience_group).map((r) => r.id));
  for (const [coachId, ids] of byCoach) {
    const matches = await matchWiring(query, {
      institutionId: caller.institutionId,
      coachId,
      kind: 'bulletin',
      userId: caller.userId,
      contentIds: ids,
    });
    for (const [id, ok] of matches) if (ok) out.add(id);
  }
  return out;
}
