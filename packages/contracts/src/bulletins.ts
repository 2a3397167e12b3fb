import { z } from 'zod';

/** User-visible bulletin texts, verbatim from the spec (§2 Bulletin list, §4 status vocabularies). */
export const BULLETIN_TEXTS = {
  tabAll: 'All',
  tabRecommended: 'Recommended',
  tabStarred: 'Starred',
  emptyStarred: 'You haven’t starred any Bulletins.',
  scheduled: 'Scheduled',
  drafted: 'Drafted',
  forCredit: 'For Credit',
  creditStatus: 'Credit Status',
  srCreditReceived: 'You received credit for this bulletin.',
  srCreditMissed: 'You did not receive credit for this bulletin.',
} as const;

/** Texts the spec leaves to us (it names the state but not the words). */
export const BULLETIN_UI_TEXTS = {
  title: 'Bulletins',
  unread: 'Unread',
  star: 'Star this bulletin',
  unstar: 'Remove the star from this bulletin',
  emptyAll: 'There are currently no bulletins.',
  emptyRecommended: 'There are no bulletins recommended for you yet.',
  srCreditPending: 'Credit for this bulletin is still pending.',
  creditPending: 'Pending',
  creditReceived: 'Received',
  creditMissed: 'Missed',
  previousPage: 'Previous Page',
  nextPage: 'Next Page',
  backToBulletins: 'Back to Bulletins',
  /** The message page's link back to the page it was opened from (ours). */
  back: 'Back',
  /** Title of the message when a star could not be saved (ours). */
  starFailed: 'The star could not be saved. Please try again.',
  allCourses: 'Bulletins of all your courses',
  managerTitle: 'Bulletin Manager',
  newBulletin: 'New Bulletin',
  editBulletin: 'Edit Bulletin',
  noBulletins: 'This coach has no bulletins yet.',
  save: 'Save',
  delete: 'Delete',
  addPage: 'Add Page',
  removePage: 'Remove Page',
  chooseIcon: 'Choose Icon',
  removeIcon: 'Remove Icon',
  everyone: 'Every student of the coach',
} as const;

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
