import type { AudienceKind, PublishState } from '@course-coach/contracts';
import { AUDIENCE_TEXTS } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import {
  selectBulletinTarget,
  selectEmailTarget,
  selectSurveyTarget,
  selectTargetedStudents,
} from './queries.ts';

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

/** The item `id` of `kind` in the coach, or 404 (also for another coach's item). */
export async function loadTarget(
  q: Query,
  coachId: number,
  kind: AudienceKind,
  id: number,
): Promise<TargetItem> {
  if (kind === 'bulletin') {
    const b = await selectBulletinTarget(q, coachId, id);
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
    const s = await selectSurveyTarget(q, coachId, id);
    if (!s) throw notFound();
    return {
      title: s.title,
      rule: s.wired ? AUDIENCE_TEXTS.ruleWired : AUDIENCE_TEXTS.ruleAll,
      publish: flagsState(s),
      locked: false,
    };
  }
  const e = await selectEmailTarget(q, coachId, id);
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
  return selectTargetedStudents(q, scope, kind, id);
}
