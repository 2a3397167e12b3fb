/**
 * The bulletin editor's values (spec §2 Edit link, §7): the editor's labels, the form values of a
 * bulletin, the request body of the form, and datetime-local conversion.
 */
import type { BulletinAdmin, BulletinBody, BulletinStatus, WiringInput } from '@course-coach/contracts';
import { format } from 'date-fns';

/** Field labels of the bulletin editor (ours). */
export const EDITOR_TEXTS = {
  title: 'Title',
  subtitle: 'Subtitle',
  description: 'Description',
  icon: 'Icon',
  noIcon: 'No icon chosen.',
  publishTime: 'Publish time',
  status: 'Status',
  forCredit: 'For credit',
  creditDeadline: 'Credit deadline',
  interactive: 'Interactive bulletin (pages)',
  page: (n: number) => `Page ${n}`,
  pageTitle: 'Page title',
  pageBody: 'Page text',
  topic: 'Topic',
  topicHint: 'Bulletins without a topic are grouped under General Bulletins.',
  audience: 'Audience (Insight Group)',
  saved: 'Bulletin saved.',
} as const;

/** `yyyy-MM-ddTHH:mm` in local time for a datetime-local input, from ISO (or now). */
function toLocalInput(iso: string | null): string {
  return iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

/** ISO from a datetime-local value; '' stays '' (the server answers with a field error). */
function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The form values (`pages` carry a key for React; `audience` is a cohort id or ''). */
export interface FormValues {
  title: string;
  subtitle: string;
  description: string;
  icon: { id: number; url: string } | null;
  publish: string;
  status: BulletinStatus;
  relatedCredit: boolean;
  deadline: string;
  interactive: boolean;
  pages: Array<{ key: number; title: string; body: string }>;
  topic: string;
  audience: string;
  wiring: WiringInput[];
}

let pageKeys = 0;

/** A fresh key for a new page row (unique in this browser tab). */
export function newPageKey(): number {
  return pageKeys++;
}

/** The form values of a bulletin, or of a new one (Draft, publish time now). */
export function initial(b: BulletinAdmin | null): FormValues {
  return {
    title: b?.title ?? '',
    subtitle: b?.subtitle ?? '',
    description: b?.description ?? '',
    icon: b?.icon_image_id && b.icon_url ? { id: b.icon_image_id, url: b.icon_url } : null,
    publish: toLocalInput(b?.publish_timestamp ?? new Date().toISOString()),
    status: b?.status ?? 'Draft',
    relatedCredit: b?.related_credit ?? false,
    deadline: toLocalInput(b?.credit_deadline ?? null),
    interactive: b?.is_interactive ?? false,
    pages: (b?.pages ?? []).map((p) => ({ key: newPageKey(), title: p.title, body: p.body })),
    topic: b?.topic ?? '',
    audience: b?.audience_cohort_id ? String(b.audience_cohort_id) : '',
    wiring: (b?.characteristics ?? []).map((w) => ({ label: w.label, value: w.value })),
  };
}

/** The request body of the form values (pages only for an interactive bulletin). */
export function toBody(v: FormValues): BulletinBody {
  return {
    title: v.title,
    subtitle: v.subtitle,
    description: v.description,
    icon_image_id: v.icon?.id ?? null,
    publish_timestamp: fromLocalInput(v.publish),
    status: v.status,
    related_credit: v.relatedCredit,
    credit_deadline: v.relatedCredit && v.deadline ? fromLocalInput(v.deadline) : null,
    is_interactive: v.interactive,
    pages: v.interactive ? v.pages.map((p) => ({ title: p.title, body: p.body })) : [],
    topic: v.topic.trim() || null,
    audience_cohort_id: v.audience ? Number(v.audience) : null,
    characteristics: v.wiring.map((w) => ({ label: w.label, value: w.value })),
  };
}
