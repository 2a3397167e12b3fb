import { matchesWiring, type StudentValue } from '@course-coach/contracts';
import { htmlText } from '../../http/html.ts';

/** A section as the renderer needs it (from `email_sections`). */
export interface RenderSection {
  characteristic: string | null;
  value: string | null;
  body: string;
  /** The body as plain text (computed once per email by `withText`; computed here when absent). */
  text?: string;
}

/** The plain-text version of a section body: paragraphs and line breaks kept, tags removed. */
export function sectionText(body: string): string {
  return htmlText(body.replace(/<\/p>|<br\s*\/?>/g, '\n'));
}

/** Sections with their plain text computed once (the sender renders thousands of recipients). */
export function withText<T extends RenderSection>(sections: T[]): T[] {
  return sections.map((s) => ({ ...s, text: s.text ?? sectionText(s.body) }));
}

/** One recipient's version of an email. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Renders one student's version of an email: a greeting with their name, then, in order, every section
 * meant for everyone and every section whose characteristic the student has the section's value of
 * (`values`: the student's values from every source, defaults included; the same matching as wiring).
 * Section bodies are stored sanitised; the plain-text part is the same content without tags.
 */
export function renderEmail(
  email: { subject: string },
  sections: ReadonlyArray<RenderSection>,
  student: { name: string },
  values: ReadonlyArray<StudentValue>,
): RenderedEmail {
  const chosen = sections.filter(
    (s) =>
      s.characteristic === null ||
      s.value === null ||
      matchesWiring([{ label: s.characteristic, value: s.value }], values),
  );
  const greeting = `<p>Hi ${escapeHtml(student.name)},</p>`;
  const html = `<!doctype html><html><body>${greeting}${chosen.map((s) => `<div>${s.body}</div>`).join('')}</body></html>`;
  const text = [`Hi ${student.name},`, ...chosen.map((s) => s.text ?? sectionText(s.body))].join('\n\n');
  return { subject: email.subject, html, text };
}
