import {
  AUDIENCE_TEXTS,
  type Audience,
  type AudienceKind,
  type AudiencePreview,
  type AudienceQuery,
  BULLETIN_ERRORS,
  type Exclusions,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { auditDiff, recordAudit } from '../audit/index.ts';
import { previewEmail } from '../emails/index.ts';
import { loadExclusions, matchWiring, saveWiring } from '../wiring/index.ts';
import {
  cohortOfCoach,
  deleteExclusionRows,
  insertExclusionRows,
  selectPreviewBulletin,
  selectPreviewQuestions,
  selectStudentsAmong,
  selectSurveyTitle,
  updateBulletinCohort,
} from './queries.ts';
import { loadTarget, targetedStudents } from './targets.ts';

/**
 * "Who sees this" (docs/bulletins.md and docs/emails-surveys.md): the audience of a bulletin, e-mail or
 * survey — the students its targeting reaches less those excluded —, saving its exclusions (audited as
 * a content update) and previewing it as one student.
 */

/** The coach an audience is asked in (resolved by the guard). */
export interface AudienceScope {
  coachId: number;
  institutionId: number;
}

/** The students of the coach among `ids`, by id, with their names. */
async function studentsOf(q: Query, coachId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await selectStudentsAmong(q, coachId, ids);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Checks that every id in `excluded` is a student of the coach: 400 `{excluded: [...]}` otherwise. */
async function checkedExcluded(
  q: Query,
  coachId: number,
  excluded: number[],
): Promise<Array<{ id: number; name: string }>> {
  const unique = [...new Set(excluded)];
  const names = await studentsOf(q, coachId, unique);
  if (names.size !== unique.length) throw badRequest({ excluded: [AUDIENCE_TEXTS.notStudents] });
  return unique.map((id) => ({ id, name: names.get(id)! })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Carries the answer of a dry run out of its transaction, which is then rolled back. */
class DryRunAnswer {
  constructor(readonly audience: Audience) {}
}

/**
 * POST audience: who gets item `body.id` of `body.kind` with the exclusions `body.excluded` (not saved;
 * absent: the item's saved exclusions):
 * the rule in words, the count (targeted less excluded), a page of the students by name, the excluded
 * students and the publish state. 404: not the coach's item; 400: an excluded id not a student of it.
 *
 * With the editor's unsaved targeting (`audience_cohort_id` of a bulletin, `characteristics` of an e-mail or
 * survey), the answer is for that targeting instead: it is written in a transaction that is always rolled
 * back, so the delivery paths' own targeting SQL counts it and nothing is saved (docs/bulletins.md "Who
 * sees this"). 400 with field errors: a group of another coach, wiring the dictionary refuses, or a
 * targeting field of the other kinds.
 */
export async function audienceOf(
  database: Database,
  scope: AudienceScope,
  body: AudienceQuery,
): Promise<Audience> {
  const unsaved = body.audience_cohort_id !== undefined || body.characteristics !== undefined;
  if (!unsaved) return audienceIn(database.query, scope, body);
  if (body.audience_cohort_id !== undefined && body.kind !== 'bulletin')
    throw badRequest({ audience_cohort_id: [AUDIENCE_TEXTS.groupOnlyBulletins] });
  if (body.characteristics !== undefined && body.kind === 'bulletin')
    throw badRequest({ characteristics: [AUDIENCE_TEXTS.wiringNotBulletins] });
  try {
    await database.transaction(async (q) => {
      await loadTarget(q, scope.coachId, body.kind, body.id);
      if (body.kind === 'bulletin') {
        const group = body.audience_cohort_id ?? null;
        if (group !== null) {
          if (!(await cohortOfCoach(q, scope.coachId, group)))
            throw badRequest({ audience_cohort_id: [BULLETIN_ERRORS.unknownCohort] });
        }
        await updateBulletinCohort(q, scope.coachId, body.id, group);
      } else {
        await saveWiring(
          q,
          { institutionId: scope.institutionId, coachId: scope.coachId, kind: body.kind, contentId: body.id },
          body.characteristics ?? [],
        );
      }
      throw new DryRunAnswer(await audienceIn(q, scope, body));
    });
  } catch (error) {
    if (error instanceof DryRunAnswer) return error.audience;
    throw error;
  }
  throw new Error('A dry run ended without an answer.');
}

/** The audience of the item as `q` sees its targeting (saved, or written by a dry run). */
async function audienceIn(q: Query, scope: AudienceScope, body: AudienceQuery): Promise<Audience> {
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? 50;
  const target = await loadTarget(q, scope.coachId, body.kind, body.id);
  const saved = await loadExclusions(q, body.kind, body.id);
  const excluded = await checkedExcluded(q, scope.coachId, body.excluded ?? saved);
  const out = new Set(excluded.map((s) => s.id));
  const targeted = await targetedStudents(q, scope, body.kind, body.id);
  const receiving = targeted.filter((s) => !out.has(s.id));
  return {
    rule: target.rule,
    count: receiving.length,
    targeted_count: targeted.length,
    page,
    page_size: pageSize,
    students: receiving.slice((page - 1) * pageSize, page * pageSize),
    excluded,
    saved_excluded: saved,
    publish: target.publish,
  };
}

/**
 * PUT exclusions: replaces the item's excluded students, in one transaction with its audit entry
 * (`{kind}.update`, before and after). 404: not the coach's item; 400 `{excluded}`: a user who is not a
 * student of the coach; 400 `{non_field_errors}`: an e-mail being sent or delivered. Nothing is written on
 * a refusal.
 */
export async function saveExclusions(
  database: Database,
  scope: AudienceScope,
  kind: AudienceKind,
  id: number,
  excluded: number[],
): Promise<Exclusions> {
  return database.transaction(async (q) => {
    const target = await loadTarget(q, scope.coachId, kind, id);
    if (target.locked) throw badRequest({ non_field_errors: [AUDIENCE_TEXTS.emailLocked] });
    const students = await checkedExcluded(q, scope.coachId, excluded);
    const before = await loadExclusions(q, kind, id);
    await deleteExclusionRows(q, kind, id);
    await insertExclusionRows(
      q,
      scope,
      kind,
      id,
      students.map((s) => s.id),
    );
    const after = await loadExclusions(q, kind, id);
    await recordAudit(q, {
      kind: 'content',
      action: `${kind}.update`,
      target: `coach ${scope.coachId}, ${kind === 'email' ? 'e-mail' : kind} ${id} (${target.title})`,
      ...auditDiff({ excluded_students: before }, { excluded_students: after }),
    });
    return { excluded: students };
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * GET preview: the item as student `userId` would see it — whether they get it (targeted and not
 * excluded, as saved) and why, and their version: a bulletin's text and whether it is Recommended for
 * them, an e-mail rendered for them (their sections), a survey's questions. 404: not the coach's item;
 * 400 `{user_id}`: not a student of the coach.
 */
export async function previewAs(
  database: Database,
  scope: AudienceScope,
  kind: AudienceKind,
  id: number,
  userId: number,
): Promise<AudiencePreview> {
  const q = database.query;
  await loadTarget(q, scope.coachId, kind, id);
  const name = (await studentsOf(q, scope.coachId, [userId])).get(userId);
  if (name === undefined) throw badRequest({ user_id: [AUDIENCE_TEXTS.notAStudent] });
  const targeted = (await targetedStudents(q, scope, kind, id)).some((s) => s.id === userId);
  const excluded = (await loadExclusions(q, kind, id)).includes(userId);
  const receives = targeted && !excluded;
  const message = excluded
    ? AUDIENCE_TEXTS.excludedStudent(name)
    : targeted
      ? AUDIENCE_TEXTS.receives(name)
      : AUDIENCE_TEXTS.notTargeted(name);
  const base = { student: { id: userId, name }, receives, message };
  if (kind === 'email') {
    const email = await previewEmail(database, scope, id, userId);
    const body = /<body>([\s\S]*)<\/body>/.exec(email.html)?.[1] ?? email.html;
    return { ...base, title: email.subject, subtitle: '', html: body, recommended: null };
  }
  if (kind === 'survey') {
    const s = await selectSurveyTitle(q, id);
    const questions = await selectPreviewQuestions(q, id);
    const items = questions.map((x) => `<li>${escapeHtml(x.prompt || x.question || '')}</li>`).join('');
    return { ...base, title: s!.title, subtitle: '', html: `<ol>${items}</ol>`, recommended: null };
  }
  const b = await selectPreviewBulletin(q, id, userId);
  const wiring = await matchWiring(q, {
    institutionId: scope.institutionId,
    coachId: scope.coachId,
    kind: 'bulletin',
    userId,
    contentIds: [id],
  });
  return {
    ...base,
    title: b!.title,
    subtitle: b!.subtitle,
    html: b!.description,
    recommended: receives && (b!.in_group || wiring.get(id) === true),
  };
}
