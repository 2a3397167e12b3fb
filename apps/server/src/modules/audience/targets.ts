import type { AudienceKind, PublishState } from '@course-coach/contracts';
import { AUDIENCE_TEXTS } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { bulletinTargetsSql, surveyTargetsSql } from '../content/index.ts';
import { TARGETED_SQL } from '../emails/index.ts';

/**
 * Per content kind, who an item targets and where it stands (docs/bulletins.md and docs/emails-surveys.md
 * "Who sees this"). The targeting SQL is the very fragment the delivery path uses — the bulletin reader's
 * `bulletinTargetsSql`, the e-mail job's `TARGETED_SQL`, the survey reader's `surveyTargetsSql` — so the
 * panel's count is, by construction, who gets the item (before exclusions, which every path also tests).
 */

/** An item of the coach: its title, targeting rule in words and publish state. */
export interface TargetItem {
  title: string;
  rule: string;
  publish: PublishState;
  /** E-mails being sent or delivered: the audience can no longer change. */
  locked: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The publish state of a bulletin or survey from its flags (the `bulletinStatus`/`surveyStatus` rule). */
function flagsState(r: {
  is_published: boolean;
  is_queued: boolean;
  under_review: boolean;
  publish_timestamp: Date | string;
}): PublishState {
  if (r.under_review || !r.is_published) return { state: 'draft', at: null };
  if (r.is_queued) return { state: 'held', at: null };
  if (new Date(r.publish_timestamp).getTime() > Date.now())
    return { state: 'scheduled', at: iso(r.publish_timestamp) };
  return { state: 'published', at: iso(r.publish_timestamp) };
}

const FLAGS = 'is_published, is_queued, under_review, publish_timestamp';

/** The item `id` of `kind` in the coach, or 404 (also for another coach's item). */
export async function loadTarget(
  q: Query,
  coachId: number,
  kind: AudienceKind,
  id: number,
): Promise<TargetItem> {
  if (kind === 'bulletin') {
    const [b] = await q<{
      title: string;
      audience_cohort_id: number | null;
      group_name: string | null;
      is_published: boolean;
      is_queued: boolean;
      under_review: boolean;
      publish_timestamp: Date | string;
    }>(
      `select b.title, b.audience_cohort_id, c.name as group_name, ${FLAGS.replace(/(\w+)/g, 'b.$1')}
         from bulletins b left join cohorts c on c.id = b.audience_cohort_id
        where b.coach_id = $1 and b.id = $2`,
      [coachId, id],
    );
    if (!b) throw notFound();
    const rule =
      b.audience_cohort_id === null
        ? AUDIENCE_TEXTS.ruleAllBulletin
        : b.group_name === null
          ? AUDIENCE_TEXTS.ruleGroupGone
          : AUDIENCE_TEXTS.ruleGroup(b.group_name);
    return { title: b.title, rule, publish: flagsState(b), locked: false };
  }
  if (kind === 'survey') {
    const [s] = await q<{
      title: string;
      wired: boolean;
      is_published: boolean;
      is_queued: boolean;
      under_review: boolean;
      publish_timestamp: Date | string;
    }>(
      `select s.title, ${FLAGS.replace(/(\w+)/g, 's.$1')},
              exists (select 1 from content_characteristics w
                       where w.content_kind = 'survey' and w.content_id = s.id) as wired
         from surveys s where s.coach_id = $1 and s.id = $2`,
      [coachId, id],
    );
    if (!s) throw notFound();
    return {
      title: s.title,
      rule: s.wired ? AUDIENCE_TEXTS.ruleWired : AUDIENCE_TEXTS.ruleAll,
      publish: flagsState(s),
      locked: false,
    };
  }
  const [e] = await q<{ subject: string; state: string; send_at: Date | string | null; wired: boolean }>(
    `select e.subject, e.state, e.send_at,
            exists (select 1 from content_characteristics w
                     where w.content_kind = 'email' and w.content_id = e.id) as wired
       from emails e where e.coach_id = $1 and e.id = $2`,
    [coachId, id],
  );
  if (!e) throw notFound();
  const publish: PublishState =
    e.state === 'draft'
      ? { state: 'draft', at: null }
      : e.state === 'scheduled'
        ? { state: 'scheduled', at: e.send_at ? iso(e.send_at) : null }
        : e.state === 'sending'
          ? { state: 'sending', at: null }
          : { state: 'delivered', at: null };
  return {
    title: e.subject,
    rule: e.wired ? AUDIENCE_TEXTS.ruleWired : AUDIENCE_TEXTS.ruleAll,
    publish,
    locked: e.state === 'sending' || e.state === 'delivered',
  };
}

/**
 * The students item `id` of `kind` targets (its rule; exclusions not applied), by name: the coach's
 * enrolled students that the kind's delivery path would give it to.
 */
export async function targetedStudents(
  q: Query,
  scope: { coachId: number; institutionId: number },
  kind: AudienceKind,
  id: number,
): Promise<Array<{ id: number; name: string }>> {
  if (kind === 'email') {
    // The e-mail job's own query (params: email, coach, institution).
    return q<{ id: number; name: string }>(
      `select t.user_id as id, t.name from (${TARGETED_SQL}) t order by t.name, t.user_id`,
      [id, scope.coachId, scope.institutionId],
    );
  }
  const condition =
    kind === 'bulletin' ? bulletinTargetsSql('e.user_id') : surveyTargetsSql('$2::int', 'e.user_id');
  const from = kind === 'bulletin' ? 'join bulletins b on b.id = $2 and b.coach_id = $1' : '';
  return q<{ id: number; name: string }>(
    `select u.id, u.name
       from enrollments e join users u on u.id = e.user_id ${from}
      where e.coach_id = $1 and e.role = 'student' and ${condition}
      order by u.name, u.id`,
    [scope.coachId, id],
  );
}
