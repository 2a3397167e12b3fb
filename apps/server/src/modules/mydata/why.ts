import {
  NO_ANSWER,
  NO_ANSWER_VALUE,
  ruleSentence,
  type WhyAnswer,
  type WhyKind,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { loadWiring, matchWiring } from '../wiring/index.ts';
import { isLiveItem, selectCharacteristicLabels } from './queries.ts';

/**
 * Why a student sees a tailored item (docs/my-data.md): the item's wiring (docs/wiring.md) in plain
 * words, one sentence per wired characteristic with the labels of the characteristic and its values
 * ("Declared disability is Yes", "Age band is one of 0–35 or 35–55"); empty when the item is wired to
 * nothing (for everyone).
 *
 * @throws HttpError 404 when the item is not in the coach, not live for students (draft, scheduled,
 *   unreleased), or its wiring does not match the student
 *   (it is not meant for them, so there is nothing to explain and nothing about it is told).
 */
export async function whyAnswer(
  database: Database,
  scope: { institutionId: number; coachId: number },
  kind: WhyKind,
  id: number,
  userId: number,
): Promise<WhyAnswer> {
  if (!(await isLiveItem(database.query, kind, id, scope.coachId))) throw notFound();
  // A released playbook is for every student of the coach: its wirings are its questions, not an
  // audience (docs/playbooks.md).
  if (kind === 'playbook_planning') return { reasons: [] };
  const wiring = (await loadWiring(database.query, scope.coachId, kind, [id])).get(id) ?? [];
  if (wiring.length === 0) return { reasons: [] };
  const matches = await matchWiring(database.query, { ...scope, kind, userId, contentIds: [id] });
  if (!matches.get(id)) throw notFound();
  const chars = await selectCharacteristicLabels(
    database.query,
    scope.institutionId,
    wiring.map((w) => w.label),
  );
  const byName = new Map(chars.map((c) => [c.name, c]));
  const values = new Map<string, string[]>();
  for (const w of wiring) values.set(w.label, [...(values.get(w.label) ?? []), w.value]);
  return {
    reasons: [...values].map(([name, vals]) => {
      const c = byName.get(name);
      const label = c && c.label.trim() !== '' ? c.label : name;
      const labels = vals.map((v) =>
        v === NO_ANSWER_VALUE ? NO_ANSWER : (c?.restriction_values.find((r) => r.value === v)?.label ?? v),
      );
      return ruleSentence(label, labels.length > 1 ? 'includes' : 'equal to', labels);
    }),
  };
}
