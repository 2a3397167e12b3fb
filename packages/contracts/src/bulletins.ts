import { z } from 'zod';

export { BULLETIN_TEXTS, BULLETIN_UI_TEXTS } from './bulletins-texts.ts';

/** Refusals of bulletin writes (ours). */
export const BULLETIN_ERRORS = {
  required: 'This field is required.',
  titleTooLong: 'Ensure this field has no more than 200 characters.',
  subtitleTooLong: 'Ensure this field has no more than 300 characters.',
  descriptionTooLong: 'Ensure this field has no more than 50000 characters.',
  topicTooLong: 'Ensure this field has no more than 100 characters.',
  publishTime: 'Enter a valid date and time.',
  creditDeadline: 'Enter a valid date and time.',
  unknownImage: 'Select a valid image of this coach.',
  unknownCohort: 'Select a valid Insight Group of this coach.',
  pagesRequired: 'An interactive bulletin needs at least one page.',
  tooManyPages: 'An interactive bulletin has at most 50 pages.',
  studentsCannotStar: 'Only bulletins you can see can be starred.',
} as const;

/** Authoring status (spec §4 "bulletin and content status Draft, Scheduled, Delivered, Published"). */
export const BULLETIN_STATUSES = ['Draft', 'Scheduled', 'Published'] as const;
export type BulletinStatus = (typeof BULLETIN_STATUSES)[number];

/** Spec §4: credit status pending, success or fail. */
export const BulletinCreditStatusSchema = z.enum(['pending', 'success', 'fail']);

/**
 * A bulletin as the list shows it (spec §3 "Bulletin"), plus `coach` (the coach it belongs to, for the
 * institution context's links), `topic` (name or null) and `page_count` (interactive bulletins).
 * `user_progress_status` is null for bulletins that are not for credit.
 */
export const BulletinSchema = z.object({
  id: z.number().int(),
  coach: z.number().int(),
  /** The label of that coach (spec §3 Coach list entry `label`), shown on cards in institution context. */
  coach_label: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  icon_url: z.string().nullable(),
  starred: z.boolean(),
  recommended: z.boolean(),
  viewed: z.boolean(),
  is_published: z.boolean(),
  is_queued: z.boolean(),
  under_review: z.boolean(),
  is_interactive: z.boolean(),
  publish_timestamp: z.string(),
  related_credit: z.boolean(),
  credit_deadline: z.string().nullable(),
  user_progress_status: BulletinCreditStatusSchema.nullable(),
  topic: z.string().nullable(),
  /** The topic's default image, for a card without an icon (spec §9: a general default topic image). */
  default_icon_url: z.string().optional(),
  /** Its alt text: names the topic, which the card shows nowhere else. */
  default_icon_alt: z.string().optional(),
});
export type Bulletin = z.infer<typeof BulletinSchema>;

/** Default images of the demo's bulletin topics (static files under apps/web/public/images), by lower-case name. */
const TOPIC_IMAGES: Record<string, string> = {
  'exam preparation': 'exam_preparation_topic.svg',
  'study skills': 'study_skills_topic.svg',
  wellbeing: 'wellbeing_topic.svg',
};

/** The alt text of a default topic image ('General Bulletins' is spec §4's group of bulletins without a topic). */
export const TOPIC_IMAGE_ALT = (topic: string | null) =>
  topic ? `Topic: ${topic}` : 'Topic: General Bulletins';

/**
 * The default image of a bulletin topic (spec §9 "Default image name for an unset picture is a general
 * default topic image"): the topic's own picture when it has one, else the general default topic image;
 * with alt text naming the topic.
 */
export function topicDefaultImage(topic: string | null): { url: string; alt: string } {
  const file = (topic && TOPIC_IMAGES[topic.trim().toLowerCase()]) || 'general_default_topic.svg';
  return { url: `/images/${file}`, alt: TOPIC_IMAGE_ALT(topic) };
}
export const BulletinListSchema = z.array(BulletinSchema);

/** Bulletins per page of the institution list when no `page_size` is asked for. */
export const BULLETIN_PAGE_SIZE = 20;
/** The largest `page_size` the institution list accepts. */
export const BULLETIN_MAX_PAGE_SIZE = 100;
/** The longest search text (`q`) the institution list accepts. */
export const BULLETIN_MAX_QUERY = 200;

/** Refusals of the institution list's query parameters (ours; field errors in spec §7's shape). */
export const BULLETIN_QUERY_ERRORS = {
  page: 'Enter a valid page number.',
  pageSize: `Enter a page size from 1 to ${BULLETIN_MAX_PAGE_SIZE}.`,
  coach: 'Select a valid coach.',
  flag: 'Enter true or false.',
  topicTooLong: 'Ensure this value has no more than 100 characters.',
  queryTooLong: `Ensure this value has no more than ${BULLETIN_MAX_QUERY} characters.`,
} as const;

const flag = z.enum(['true', 'false'], BULLETIN_QUERY_ERRORS.flag).optional();

/**
 * Query parameters of GET institution/{institutionId}/bulletin-list (ours; the spec's list takes none).
 * All optional; without any the answer is the spec's bulletin array (§7), unchanged.
 *
 * - `coach`: one coach's bulletins (an id not of the caller's coaches in the institution gives none, not
 *   an error: nothing about other coaches is revealed);
 * - `topic`: bulletins of that topic name (topics are per coach; the same name matches in every coach);
 * - `unread=true`: only those the caller has not opened; `starred=true`: only those they starred
 *   (`false`, like absent, does not filter);
 * - `q`: search text, matched case-insensitively as a plain substring (no wildcards, no patterns: `%`,
 *   `_`, `'` and `.*` are just characters) of the title, the subtitle or the description's text
 *   (without its HTML tags); blank matches everything;
 * - `page` (from 1) and `page_size` (1–{@link BULLETIN_MAX_PAGE_SIZE}, default
 *   {@link BULLETIN_PAGE_SIZE}): when either is given the answer is one page,
 *   {@link BulletinSearchPageSchema}; the filters alone filter the array.
 *
 * Bad values (a page that is not a whole number from 1, a page size out of range, a coach that is not
 * an id, a flag other than true/false, over-long text, unknown parameters) answer 400 with field errors.
 */
export const BulletinListQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,6}$/, BULLETIN_QUERY_ERRORS.page)
    .pipe(z.coerce.number<string>().int())
    .optional(),
  page_size: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, BULLETIN_QUERY_ERRORS.pageSize)
    .pipe(z.coerce.number<string>().int().max(BULLETIN_MAX_PAGE_SIZE, BULLETIN_QUERY_ERRORS.pageSize))
    .optional(),
  coach: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, BULLETIN_QUERY_ERRORS.coach)
    .pipe(z.coerce.number<string>().int().max(2_147_483_647, BULLETIN_QUERY_ERRORS.coach))
    .optional(),
  topic: z.string().max(100, BULLETIN_QUERY_ERRORS.topicTooLong).optional(),
  unread: flag,
  starred: flag,
  q: z.string().max(BULLETIN_MAX_QUERY, BULLETIN_QUERY_ERRORS.queryTooLong).optional(),
});
export type BulletinListQuery = z.infer<typeof BulletinListQuerySchema>;

/**
 * One page of the institution list (GET institution/{institutionId}/bulletin-list with `page` or
 * `page_size`): `count` bulletins match the filters in all, `results` are those of page `page` (newest
 * publish time first; empty past the last page, with the count).
 */
export const BulletinSearchPageSchema = z.object({
  count: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  results: BulletinListSchema,
});
export type BulletinSearchPage = z.infer<typeof BulletinSearchPageSchema>;

/**
 * GET institution/{institutionId}/bulletin-filters (ours): the choices of the institution list's filters
 * for the caller — the coaches of the institution whose bulletins they may see (by label), and the
 * topic names of the bulletins they see there (sorted).
 */
export const BulletinFiltersSchema = z.object({
  coaches: z.array(z.object({ id: z.number().int(), label: z.string() })),
  topics: z.array(z.string()),
});
export type BulletinFilters = z.infer<typeof BulletinFiltersSchema>;

/** A page of an interactive bulletin; `id` is its position from 0 (the route's pageId). */
export const BulletinPageSchema = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export type BulletinPage = z.infer<typeof BulletinPageSchema>;

/** A message page's data: the bulletin (now viewed) and its pages (empty unless interactive). */
export const BulletinMessageSchema = BulletinSchema.extend({ pages: z.array(BulletinPageSchema) });
export type BulletinMessage = z.infer<typeof BulletinMessageSchema>;

/** Star toggle body (spec §7: "body is the bulletin"; only `starred`, the wanted state, is read). */
export const StarBodySchema = z.looseObject({ starred: z.boolean() });
export type StarBody = z.infer<typeof StarBodySchema>;
/** Star toggle answer (the spec does not show it; ours). */
export const StarResultSchema = z.object({ id: z.number().int(), starred: z.boolean() });

/** A wiring item as a bulletin write sends it: characteristic name and value ('label: value'). */
export const BulletinWiringInputSchema = z.strictObject({
  label: z.string().max(200),
  value: z.string().max(200),
});

const dateTime = z.string().max(40);

/** An authoring write (POST new, PUT existing). HTML is sanitised on the server. */
export const BulletinBodySchema = z.strictObject({
  title: z.string().trim().min(1, BULLETIN_ERRORS.required).max(200, BULLETIN_ERRORS.titleTooLong),
  subtitle: z.string().max(300, BULLETIN_ERRORS.subtitleTooLong).optional(),
  description: z.string().max(50_000, BULLETIN_ERRORS.descriptionTooLong).optional(),
  icon_image_id: z.number().int().positive().nullable().optional(),
  publish_timestamp: dateTime,
  status: z.enum(BULLETIN_STATUSES),
  related_credit: z.boolean().optional(),
  credit_deadline: dateTime.nullable().optional(),
  is_interactive: z.boolean().optional(),
  pages: z
    .array(
      z.strictObject({
        title: z.string().max(200, BULLETIN_ERRORS.titleTooLong),
        body: z.string().max(50_000, BULLETIN_ERRORS.descriptionTooLong),
      }),
    )
    .max(50, BULLETIN_ERRORS.tooManyPages)
    .optional(),
  topic: z.string().trim().max(100, BULLETIN_ERRORS.topicTooLong).nullable().optional(),
  audience_cohort_id: z.number().int().positive().nullable().optional(),
  characteristics: z.array(BulletinWiringInputSchema).max(50).optional(),
});
export type BulletinBody = z.infer<typeof BulletinBodySchema>;

/** A bulletin as staff edit it. */
export const BulletinAdminSchema = z.object({
  id: z.number().int(),
  coach: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  icon_image_id: z.number().int().nullable(),
  icon_url: z.string().nullable(),
  publish_timestamp: z.string(),
  status: z.enum(BULLETIN_STATUSES),
  related_credit: z.boolean(),
  credit_deadline: z.string().nullable(),
  is_interactive: z.boolean(),
  pages: z.array(BulletinPageSchema),
  topic: z.string().nullable(),
  audience_cohort_id: z.number().int().nullable(),
  characteristics: z.array(z.object({ id: z.number().int(), label: z.string(), value: z.string() })),
  view_count: z.number().int(),
  star_count: z.number().int(),
});
export type BulletinAdmin = z.infer<typeof BulletinAdminSchema>;
export const BulletinAdminListSchema = z.array(BulletinAdminSchema);

/** The authoring status of a bulletin from its flags (spec §2 labels: Scheduled = queued, Drafted = under review). */
export function bulletinStatus(b: {
  is_published: boolean;
  is_queued: boolean;
  under_review: boolean;
}): BulletinStatus {
  if (b.under_review || !b.is_published) return 'Draft';
  if (b.is_queued) return 'Scheduled';
  return 'Published';
}

/** The flags stored for an authoring status (the inverse of `bulletinStatus`). */
export function bulletinFlags(status: BulletinStatus): {
  is_published: boolean;
  is_queued: boolean;
  under_review: boolean;
} {
  if (status === 'Draft') return { is_published: false, is_queued: false, under_review: true };
  if (status === 'Scheduled') return { is_published: true, is_queued: true, under_review: false };
  return { is_published: true, is_queued: false, under_review: false };
}

/**
 * The message route a bulletin card links to (spec §2): coach or institution context, interactive
 * bulletins at page 0.
 */
export function bulletinMessagePath(
  context: { coachId: number | string } | { institutionId: number | string },
  bulletin: { id: number; is_interactive: boolean },
): string {
  if ('coachId' in context) {
    return bulletin.is_interactive
      ? `/InteractiveMessage/${context.coachId}/${bulletin.id}/0/`
      : `/MessageCenter/${context.coachId}/${bulletin.id}/`;
  }
  return bulletin.is_interactive
    ? `/InstitutionInteractiveMessage/${context.institutionId}/${bulletin.id}/0/`
    : `/InstitutionMessageCenterView/${context.institutionId}/${bulletin.id}/`;
}
