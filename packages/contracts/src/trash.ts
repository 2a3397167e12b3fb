import { z } from 'zod';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/**
 * The coach's trash (docs/trash.md): deleted content, rules, Insight Groups, to-dos, a coach's FAQ entries
 * and checklist steps are kept 30 days
 * and can be restored. `own_todo` is a student's own to-do item: only that student sees it.
 */
export const TRASH_KINDS = [
  'bulletin',
  'email',
  'survey',
  'tip',
  'todo_list',
  'todo_item',
  'todo_tag',
  'rule',
  'cohort',
  'own_todo',
  'faq_entry',
  'checklist_item',
] as const;
export const TrashKindSchema = z.enum(TRASH_KINDS);

/** The kinds an institution's own trash holds (its own FAQ entries; docs/trash.md). */
export const INSTITUTION_TRASH_KINDS = ['faq_entry'] as const satisfies ReadonlyArray<
  (typeof TRASH_KINDS)[number]
>;
export type TrashKind = z.infer<typeof TrashKindSchema>;

/** How long a deleted item stays in the trash. */
export const TRASH_DAYS = 30;

/** The kind as the Trash page names it. */
export const TRASH_KIND_LABELS: Record<TrashKind, string> = {
  bulletin: 'Bulletin',
  email: 'E-mail',
  survey: 'Survey',
  tip: 'Tip',
  todo_list: 'To-do list',
  todo_item: 'To-do item',
  todo_tag: 'Tag',
  rule: 'Rule',
  cohort: 'Insight Group',
  own_todo: 'To-do',
  faq_entry: 'FAQ entry',
  checklist_item: 'Checklist step',
};

/** One deleted item: what it was, what went with it, who deleted it when, and the days left to restore. */
export const TrashEntrySchema = z.object({
  kind: TrashKindSchema,
  id: z.number().int(),
  title: z.string(),
  /** What went with it, e.g. "4 items"; empty when nothing. */
  detail: z.string(),
  deleted_by: z.string(),
  deleted_at: z.string(),
  days_left: z.number().int(),
});
export type TrashEntry = z.infer<typeof TrashEntrySchema>;

export const TrashListSchema = z.object({ results: z.array(TrashEntrySchema) });
export type TrashList = z.infer<typeof TrashListSchema>;

/** The answer of a restore: the item's kind, id and title. */
export const TrashRestoredSchema = z.object({
  kind: TrashKindSchema,
  id: z.number().int(),
  title: z.string(),
});
export type TrashRestored = z.infer<typeof TrashRestoredSchema>;

/** The texts of the trash (ours). */
export const TRASH_MESSAGES = {
  expired: 'This item was deleted more than 30 days ago and can no longer be restored.',
  parentMissing:
    'This item can’t be restored because something it belongs to was deleted. Restore that first, then try again.',
  duplicate:
    'This item can’t be restored because another one with the same name exists now. Rename that one first.',
  empty: 'The trash is empty.',
} as const;

const TAGS = ['trash'];
const STAFF = access.coach(...COACH_STAFF);
const INSTITUTION_STAFF = access.institution('staff', 'admin');

/**
 * The trash endpoints (docs/trash.md; paths ours). Staff list and restore the coach's deleted items; a
 * student their own deleted to-dos (`my-trash`); the institution's staff its own deleted FAQ entries. A
 * restore also answers 409 (something it needs is gone, or a name clash) and 410 (past the 30 days),
 * `{ detail }`, which the server's route adds to the error answers.
 */
export const TRASH_ENDPOINTS = {
  /** GET trash → { results: the coach's deleted items, newest first } (staff). */
  list: defineEndpoint({
    method: 'GET',
    path: API.trash(':coachId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: TrashListSchema },
  }),
  /** POST trash/{kind}/{id}/restore → the restored item (staff). */
  restore: defineEndpoint({
    method: 'POST',
    path: API.trashRestore(':coachId', ':trashKind', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: TrashRestoredSchema },
  }),
  /** GET institution/{id}/trash → { results: the institution's own deleted FAQ entries } (its staff). */
  institutionList: defineEndpoint({
    method: 'GET',
    path: API.institutionTrash(':institutionId'),
    access: INSTITUTION_STAFF,
    tags: TAGS,
    responses: { 200: TrashListSchema },
  }),
  /** POST institution/{id}/trash/{kind}/{id}/restore → the restored entry (its staff). */
  institutionRestore: defineEndpoint({
    method: 'POST',
    path: API.institutionTrashRestore(':institutionId', ':trashKind', ':id'),
    access: INSTITUTION_STAFF,
    tags: TAGS,
    responses: { 200: TrashRestoredSchema },
  }),
  /** GET my-trash → { results: the caller's own deleted to-dos }. */
  mineList: defineEndpoint({
    method: 'GET',
    path: API.myTrash(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: TAGS,
    responses: { 200: TrashListSchema },
  }),
  /** POST my-trash/{id}/restore → the caller's own to-do, restored. */
  mineRestore: defineEndpoint({
    method: 'POST',
    path: API.myTrashRestore(':coachId', ':id'),
    access: access.coach(...COACH_ANY),
    tags: TAGS,
    responses: { 200: TrashRestoredSchema },
  }),
};
