import { z } from 'zod';
import { WiringItemSchema, WiringListSchema } from './wiring.ts';

export * from './characteristics-texts.ts';

/*
 * Characteristics overview (spec §2 "Characteristics overview", §3 "Characteristic wiring item",
 * "Playbook (wiring)", "Gradebook (wiring)", §4 status vocabulary, §7
 * GET /api/v1/coach/{coachId}/characteristics/{bulletins|emails|surveys|todolists|playbooks|gradebooks|course}).
 */

/** The seven overview kinds, as the path spells them (spec §7). */
export const OVERVIEW_KINDS = [
  'bulletins',
  'emails',
  'surveys',
  'todolists',
  'playbooks',
  'gradebooks',
  'course',
] as const;
export type OverviewKind = (typeof OVERVIEW_KINDS)[number];

/** Spec §4: bulletin and content status. */
export const CONTENT_STATUSES = ['Draft', 'Scheduled', 'Delivered', 'Published'] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatusSchema>;

/**
 * Spec §2: "Rows sort by status: Draft, Scheduled, then Delivered (email) or Published (others)."
 * The rank of a status in that order (unknown statuses last).
 */
export function statusRank(status: string | null | undefined): number {
  switch (status) {
    case 'Draft':
      return 0;
    case 'Scheduled':
      return 1;
    case 'Delivered':
    case 'Published':
      return 2;
    default:
      return 3;
  }
}

/** Sorts rows by status (stable: rows of one status keep their order). */
export function sortByStatus<T>(
  rows: ReadonlyArray<T>,
  statusOf: (row: T) => string | null | undefined,
): T[] {
  return rows
    .map((row, i) => ({ row, i, rank: statusRank(statusOf(row)) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.row);
}

/** Spec §3 "Characteristic wiring item": id, title, subtitle, status, document_name, characteristics. */
export const CharacteristicWiringItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  status: ContentStatusSchema.nullable(),
  document_name: z.string().nullable(),
  /**
   * Where the document is (ours): the download path of an uploaded file or the link's URL (see
   * documents.ts); null without a document or for a course characteristic's named document.
   */
  document_url: z.string().nullable().optional(),
  characteristics: z.array(WiringItemSchema),
});
export type CharacteristicWiringItem = z.infer<typeof CharacteristicWiringItemSchema>;
export const CharacteristicWiringListSchema = z.array(CharacteristicWiringItemSchema);

/**
 * Spec §3 "Playbook (wiring)": title, planning_characteristics, planning_emotions_characteristics,
 * reflection_characteristics, planning_status; with the playbook's id for the Edit link.
 */
export const PlaybookWiringSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  planning_characteristics: z.array(WiringItemSchema),
  planning_emotions_characteristics: z.array(WiringItemSchema),
  reflection_characteristics: z.array(WiringItemSchema),
  planning_status: ContentStatusSchema,
  /** The playbook's document (spec §2 Document column; documents.ts), null when none. */
  document_name: z.string().nullable(),
  document_url: z.string().nullable(),
});
export type PlaybookWiring = z.infer<typeof PlaybookWiringSchema>;
export const PlaybookWiringListSchema = z.array(PlaybookWiringSchema);

/**
 * Spec §3 "Gradebook (wiring)": id, title, characteristics, assignment_characteristics[{id, title,
 * characteristics}]; plus, for the overview's Document and Status columns (spec §2), each one's
 * document (documents.ts) and status. Gradebooks and assignments have no draft state: they are live
 * for students from the start (the grade pages use them), so their status is always 'Published'.
 */
export const GradebookWiringSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  characteristics: z.array(WiringItemSchema),
  status: ContentStatusSchema,
  document_name: z.string().nullable(),
  document_url: z.string().nullable(),
  assignment_characteristics: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      characteristics: z.array(WiringItemSchema),
      status: ContentStatusSchema,
      document_name: z.string().nullable(),
      document_url: z.string().nullable(),
    }),
  ),
});
export type GradebookWiring = z.infer<typeof GradebookWiringSchema>;
export const GradebookWiringListSchema = z.array(GradebookWiringSchema);

// ---------------------------------------------------------------------------------------------------
// Editors behind the overview's Edit links (playbooks, gradebooks, assignments, course characteristics;
// to-do lists carry `characteristics` in their own body).
// ---------------------------------------------------------------------------------------------------

const title = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .max(200, 'Ensure this field has no more than 200 characters.');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date (YYYY-MM-DD).')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Enter a valid date (YYYY-MM-DD).');

/** A playbook as its editor reads it. */
export const PlaybookSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  assignment_type: z.enum(['exam', 'quiz', 'assessment']),
  exam_date: z.string().nullable(),
  custom_date_message: z.string().nullable(),
  is_released: z.boolean(),
  planning_characteristics: z.array(WiringItemSchema),
  planning_emotions_characteristics: z.array(WiringItemSchema),
  reflection_characteristics: z.array(WiringItemSchema),
});
export type Playbook = z.infer<typeof PlaybookSchema>;
export const PlaybookListSchema = z.array(PlaybookSchema);

/** PUT/POST body of a playbook (its three wirings replaced as a whole). */
export const PlaybookBodySchema = z.strictObject({
  title,
  assignment_type: z.enum(['exam', 'quiz', 'assessment'], { error: 'Choose exam, quiz or assessment.' }),
  exam_date: isoDate.nullable(),
  custom_date_message: z
    .string()
    .trim()
    .max(200, 'Ensure this field has no more than 200 characters.')
    .nullable(),
  is_released: z.boolean(),
  planning_characteristics: WiringListSchema,
  planning_emotions_characteristics: WiringListSchema,
  reflection_characteristics: WiringListSchema,
});
export type PlaybookBody = z.input<typeof PlaybookBodySchema>;

/** A gradebook as its editor reads it (title, wiring, its assignments' titles). */
export const GradebookSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  characteristics: z.array(WiringItemSchema),
  assignments: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type Gradebook = z.infer<typeof GradebookSchema>;

/** PUT body of a gradebook. */
export const GradebookBodySchema = z.strictObject({ title, characteristics: WiringListSchema });
export type GradebookBody = z.input<typeof GradebookBodySchema>;

/** An assignment as its editor reads it. */
export const AssignmentSchema = z.object({
  id: z.number().int(),
  gradebook_id: z.number().int(),
  title: z.string(),
  assessment_type: z.string(),
  characteristics: z.array(WiringItemSchema),
});
export type Assignment = z.infer<typeof AssignmentSchema>;

/** PUT body of an assignment (its title and wiring; grades stay with the LMS import). */
export const AssignmentBodySchema = z.strictObject({ title, characteristics: WiringListSchema });
export type AssignmentBody = z.input<typeof AssignmentBodySchema>;

/** A course characteristic (spec §2 "MTS course characteristics") as its editor reads it. */
export const CourseCharacteristicSchema = CharacteristicWiringItemSchema;
export type CourseCharacteristic = CharacteristicWiringItem;

/** PUT/POST body of a course characteristic. */
export const CourseCharacteristicBodySchema = z.strictObject({
  title,
  subtitle: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').default(''),
  document_name: z
    .string()
    .trim()
    .max(200, 'Ensure this field has no more than 200 characters.')
    .nullable()
    .default(null),
  status: z.enum(['Draft', 'Scheduled', 'Published'], { error: 'Choose Draft, Scheduled or Published.' }),
  characteristics: WiringListSchema,
});
export type CourseCharacteristicBody = z.input<typeof CourseCharacteristicBodySchema>;
