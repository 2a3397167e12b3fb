/**
 * FAQ lists and the support e-mail: the SQL (docs/faq-checklists.md). Every statement is limited to one
 * list (`FaqScope`) or one coach; the rules (clean answers, a complete reorder), the audit and the trash
 * are the service's (./service.ts).
 */
import type { Query } from '../../db/client.ts';
import type { coachSupportEmails, faqEntries } from '../../db/schema/index.ts';

/** Which FAQ list: a coach's, or the institution's own (`coachId` null). */
export interface FaqScope {
  institutionId: number;
  coachId: number | null;
}

/** An FAQ entry as the API answers it: the `faq_entries` columns the queries return. */
export type FaqRow = Pick<typeof faqEntries.$inferSelect, 'id' | 'question' | 'answer' | 'position'>;

/** A coach's support e-mail address. */
export type SupportEmail = (typeof coachSupportEmails.$inferSelect)['email'];

/** SQL condition for the scope's entries; `$1` institution id, `$2` coach id or null. */
const IN_SCOPE = 'institution_id = $1 and coach_id is not distinct from $2::int';
const COLUMNS = 'id, question, answer, position';

/** The scope's entries in order: `position`, then id. */
export function selectFaq(q: Query, scope: FaqScope): Promise<FaqRow[]> {
  return q<FaqRow>(`select ${COLUMNS} from faq_entries where ${IN_SCOPE} order by position, id`, [
    scope.institutionId,
    scope.coachId,
  ]);
}

/** Adds an entry after the scope's last one; the new row. */
export async function insertFaqEntry(
  q: Query,
  scope: FaqScope,
  question: string,
  answer: string,
): Promise<FaqRow> {
  const [row] = await q<FaqRow>(
    `insert into faq_entries (institution_id, coach_id, question, answer, position)
     values ($1, $2, $3, $4,
             (select coalesce(max(position) + 1, 0) from faq_entries where ${IN_SCOPE}))
     returning ${COLUMNS}`,
    [scope.institutionId, scope.coachId, question, answer],
  );
  return row!;
}

/** The scope's entry `id`, locked for update; undefined when there is none. */
export async function lockFaqEntry(q: Query, scope: FaqScope, id: number): Promise<FaqRow | undefined> {
  const [row] = await q<FaqRow>(
    `select ${COLUMNS} from faq_entries where ${IN_SCOPE} and id = $3 for update`,
    [scope.institutionId, scope.coachId, id],
  );
  return row;
}

/** Sets an entry's question and answer; undefined when the scope has no such entry. */
export async function updateFaqEntryRow(
  q: Query,
  scope: FaqScope,
  id: number,
  question: string,
  answer: string,
): Promise<FaqRow | undefined> {
  const [row] = await q<FaqRow>(
    `update faq_entries set question = $4, answer = $5, updated_at = now()
      where ${IN_SCOPE} and id = $3 returning ${COLUMNS}`,
    [scope.institutionId, scope.coachId, id, question, answer],
  );
  return row;
}

/** Deletes the scope's entry `id`; the deleted row, undefined when there was none. */
export async function deleteFaqEntryRow(q: Query, scope: FaqScope, id: number): Promise<FaqRow | undefined> {
  const [row] = await q<FaqRow>(
    `delete from faq_entries where ${IN_SCOPE} and id = $3 returning ${COLUMNS}`,
    [scope.institutionId, scope.coachId, id],
  );
  return row;
}

/** The ids of the scope's entries in order, locked for update (a reorder's check). */
export async function lockFaqIds(q: Query, scope: FaqScope): Promise<number[]> {
  const rows = await q<Pick<FaqRow, 'id'>>(
    `select id from faq_entries where ${IN_SCOPE} order by position, id for update`,
    [scope.institutionId, scope.coachId],
  );
  return rows.map((r) => r.id);
}

/** Gives the scope's entries `ids` the positions 0, 1, 2… in that order. */
export async function setFaqOrder(q: Query, scope: FaqScope, ids: number[]): Promise<void> {
  await q(
    `update faq_entries f set position = o.ord - 1, updated_at = now()
       from unnest($3::int[]) with ordinality as o(id, ord)
      where f.institution_id = $1 and f.coach_id is not distinct from $2::int and f.id = o.id`,
    [scope.institutionId, scope.coachId, ids],
  );
}

/** The coach's support e-mail address; undefined when none is set. */
export async function selectSupportEmail(q: Query, coachId: number): Promise<SupportEmail | undefined> {
  const [row] = await q<{ email: SupportEmail }>(
    'select email from coach_support_emails where coach_id = $1',
    [coachId],
  );
  return row?.email;
}

/** Removes the coach's support e-mail address (nothing when none is set). */
export async function deleteSupportEmail(q: Query, coachId: number): Promise<void> {
  await q('delete from coach_support_emails where coach_id = $1', [coachId]);
}

/** Sets the coach's support e-mail address, replacing any it had. */
export async function upsertSupportEmail(
  q: Query,
  coach: { coachId: number; institutionId: number },
  email: SupportEmail,
): Promise<void> {
  await q(
    `insert into coach_support_emails (coach_id, institution_id, email) values ($1, $2, $3)
     on conflict (coach_id) do update set email = excluded.email`,
    [coach.coachId, coach.institutionId, email],
  );
}
