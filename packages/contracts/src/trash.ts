import { z } from 'zod';

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
