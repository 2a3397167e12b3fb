import { z } from 'zod';
import { access, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { WiringListSchema } from './wiring.ts';

/*
 * "Who sees this" (docs/bulletins.md and docs/emails-surveys.md): the audience panel shared by the
 * bulletin, e-mail and survey editors — the targeting rule in words, the live count and list of the
 * students who will get the item, exclusion of individual students, a preview as any one student, and the
 * publish state in words. Paths and texts are ours (the spec shows none).
 */

type Id = number | string;

/** The content kinds with an audience panel (as in paths and bodies). */
export const AUDIENCE_KINDS = ['bulletin', 'email', 'survey'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const AUDIENCE_API = {
  /** POST {kind, id, excluded?, page, page_size} → who gets the item with those exclusions (absent: saved ones). */
  audience: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/audience` as const,
  /** PUT {excluded}: the item's stored exclusions (replaced). Kind in the path in the plural (`bulletins`). */
  exclusions: (coachId: Id, kind: AudienceKind, id: Id) =>
    `/api/v1/coach/${coachId}/audience/${kind}s/${id}/exclusions`,
  /** GET ?user_id=: the item as that student would see it. */
  preview: (coachId: Id, kind: AudienceKind, id: Id) =>
    `/api/v1/coach/${coachId}/audience/${kind}s/${id}/preview`,
  /**
   * The exclusions' and preview's route patterns, with the kind as it is in the path (plural, `:kind`),
   * for the endpoints' descriptions (AUDIENCE_ENDPOINTS).
   */
  exclusionsRoute: <C extends Id, K extends string, I extends Id>(coachId: C, kind: K, id: I) =>
    `/api/v1/coach/${coachId}/audience/${kind}/${id}/exclusions` as const,
  previewRoute: <C extends Id, K extends string, I extends Id>(coachId: C, kind: K, id: I) =>
    `/api/v1/coach/${coachId}/audience/${kind}/${id}/preview` as const,
} as const;

/** Most students excluded from one item. */
export const MAX_EXCLUDED = 1000;

/** A database id (a 4-byte integer). */
const DbId = z.number().int().positive().max(2_147_483_647);
const StudentId = DbId;

/** Body of the audience query: the item, the exclusions to count with (not yet saved), a page. */
export const AudienceQuerySchema = z.strictObject({
  kind: z.enum(AUDIENCE_KINDS),
  id: DbId,
  /** Students to leave out; absent: the item's saved exclusions. */
  excluded: z.array(StudentId).max(MAX_EXCLUDED).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(100).default(50),
  /**
   * The editor's unsaved targeting, counted instead of the saved one (nothing is saved): a bulletin's
   * Insight Group (null: every student) — bulletins only.
   */
  audience_cohort_id: DbId.nullable().optional(),
  /** The unsaved characteristic wiring of an e-mail or survey (as its body carries it) — not bulletins. */
  characteristics: WiringListSchema.optional(),
});
export type AudienceQuery = z.input<typeof AudienceQuerySchema>;

/** Body of saving an item's exclusions. */
export const ExclusionsBodySchema = z.strictObject({
  excluded: z.array(StudentId).max(MAX_EXCLUDED),
});
export type ExclusionsBody = z.infer<typeof ExclusionsBodySchema>;

export const AudienceStudentSchema = z.object({ id: z.number().int(), name: z.string() });
export type AudienceStudent = z.infer<typeof AudienceStudentSchema>;

/**
 * Where an item stands for students: `draft` (they don't see it), `held` (a bulletin or survey marked
 * Scheduled: held back until published), `scheduled` (goes out at `at`), `sending`, `delivered` (e-mails),
 * `published`.
 */
export const PublishStateSchema = z.object({
  state: z.enum(['draft', 'held', 'scheduled', 'sending', 'delivered', 'published']),
  at: z.string().nullable(),
});
export type PublishState = z.infer<typeof PublishStateSchema>;

/** Who gets an item: the rule in words, the count and a page of them, the excluded students. */
export const AudienceSchema = z.object({
  rule: z.string(),
  /** Targeted students (the rule) less the excluded ones. */
  count: z.number().int(),
  /** Targeted students before exclusions. */
  targeted_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  students: z.array(AudienceStudentSchema),
  excluded: z.array(AudienceStudentSchema),
  /** The item's stored exclusions (what the editor last saved). */
  saved_excluded: z.array(z.number().int()),
  publish: PublishStateSchema,
});
export type Audience = z.infer<typeof AudienceSchema>;

export const ExclusionsSchema = z.object({ excluded: z.array(AudienceStudentSchema) });
export type Exclusions = z.infer<typeof ExclusionsSchema>;

/** The item as one student would see it. `html` is sanitised on the server. */
export const AudiencePreviewSchema = z.object({
  student: AudienceStudentSchema,
  receives: z.boolean(),
  /** Why (not): in words. */
  message: z.string(),
  title: z.string(),
  subtitle: z.string(),
  html: z.string(),
  /** Bulletins: shown under Recommended for that student. Null for other kinds. */
  recommended: z.boolean().nullable(),
});
export type AudiencePreview = z.infer<typeof AudiencePreviewSchema>;

/** Texts of the panel and the server's answers (ours). */
export const AUDIENCE_TEXTS = {
  title: 'Who sees this',
  ruleGroup: (name: string) =>
    `Students in the Insight Group “${name}” (as of its last sync), except those you exclude. Characteristic wiring doesn’t narrow it: a student whose values match the wiring sees it under Recommended.`,
  ruleGroupGone:
    'The Insight Group this bulletin was meant for has been deleted: no student sees it until you choose another.',
  ruleAllBulletin:
    'Every student of the course, except those you exclude. Characteristic wiring doesn’t narrow it: a student whose values match the wiring sees it under Recommended.',
  ruleWired:
    'Students who match all of these: for each characteristic under “Shown to”, one of the values chosen for it (from any source, or by default), except those you exclude.',
  ruleAll:
    'Every student of the course, except those you exclude (no characteristic is chosen under “Shown to”).',
  count: (n: number) => `${n} ${n === 1 ? 'student' : 'students'} will receive it`,
  saveFirst: 'Save it first to see who receives it.',
  unsaved: 'Counted with the choices in the form above, which are not saved yet.',
  unsavedInvalid: 'Finish the choices in the form above to see who would receive it.',
  groupOnlyBulletins: 'Only a bulletin is sent to an Insight Group; e-mails and surveys use wiring.',
  wiringNotBulletins: 'A bulletin’s wiring doesn’t choose who receives it; send its Insight Group instead.',
  exclude: 'Exclude',
  include: 'Include again',
  excludedTitle: 'Excluded',
  noneExcluded: 'Nobody is excluded.',
  nobody: 'No student receives it.',
  previewAs: 'Preview as',
  previewButton: 'Preview',
  receives: (name: string) => `${name} receives it.`,
  notTargeted: (name: string) => `${name} is not in its audience: they don’t get it.`,
  excludedStudent: (name: string) => `${name} is excluded: they don’t get it.`,
  recommended: 'Shown under Recommended for this student.',
  notRecommended: 'Not under Recommended for this student.',
  notAStudent: 'Choose a student of this course.',
  notStudents: 'Only students of this course can be excluded.',
  emailLocked: 'This email is being sent or has been delivered: its audience can no longer change.',
  draft: 'Draft — students don’t see it yet',
  held: 'Scheduled — held back: students don’t see it until it is published',
  scheduled: (when: string) => `Scheduled for ${when}`,
  sending: 'Sending now',
  delivered: 'Delivered',
  published: 'Published',
} as const;

/** "3 December, 09:00" in the viewer's time zone (or `timeZone`). */
export function formatWhen(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone }).format(d);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(d);
  return `${date}, ${time}`;
}

/** The publish state in words (docs/bulletins.md "Who sees this"). */
export function publishStateText(p: PublishState, timeZone?: string): string {
  switch (p.state) {
    case 'draft':
      return AUDIENCE_TEXTS.draft;
    case 'held':
      return AUDIENCE_TEXTS.held;
    case 'scheduled':
      return p.at ? AUDIENCE_TEXTS.scheduled(formatWhen(p.at, timeZone)) : AUDIENCE_TEXTS.held;
    case 'sending':
      return AUDIENCE_TEXTS.sending;
    case 'delivered':
      return AUDIENCE_TEXTS.delivered;
    default:
      return AUDIENCE_TEXTS.published;
  }
}

/** `?user_id=` of an audience preview: the student to preview as (plain decimal ids only). */
export const AudiencePreviewQuerySchema = z.strictObject({
  user_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Choose a student.')
    .pipe(z.coerce.number<string>().int().max(2_147_483_647, 'Choose a student.')),
});

/**
 * "Who sees this" endpoints (docs/bulletins.md and docs/emails-surveys.md; paths ours): staff of the coach
 * only. `:kind` in the paths is the plural (`bulletins`, `emails`, `surveys`); the server checks it
 * against those three (`params`: AudienceKindPathSchema).
 */
/** `:kind` in the item routes' paths: the plural (`bulletins`, `emails`, `surveys`); another answers 400. */
export const AudienceKindPathSchema = z.enum(['bulletins', 'emails', 'surveys']);

export const AUDIENCE_ENDPOINTS = {
  /** POST audience {kind, id, excluded, page, page_size} → who gets the item with those exclusions. */
  audience: defineEndpoint({
    method: 'POST',
    path: AUDIENCE_API.audience(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: ['audience'],
    body: AudienceQuerySchema,
    responses: { 200: AudienceSchema },
  }),
  /** PUT audience/{kind}/{id}/exclusions {excluded} → the item's excluded students (audited). */
  exclusions: defineEndpoint({
    method: 'PUT',
    path: AUDIENCE_API.exclusionsRoute(':coachId', ':kind', ':itemId'),
    access: access.coach(...COACH_STAFF),
    tags: ['audience'],
    params: { kind: AudienceKindPathSchema },
    body: ExclusionsBodySchema,
    responses: { 200: ExclusionsSchema },
  }),
  /** GET audience/{kind}/{id}/preview?user_id= → the item as that student would see it. */
  preview: defineEndpoint({
    method: 'GET',
    path: AUDIENCE_API.previewRoute(':coachId', ':kind', ':itemId'),
    access: access.coach(...COACH_STAFF),
    tags: ['audience'],
    params: { kind: AudienceKindPathSchema },
    query: AudiencePreviewQuerySchema,
    responses: { 200: AudiencePreviewSchema },
  }),
};
