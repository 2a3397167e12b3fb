import DOMPurify from 'dompurify';
import { type ComponentPropsWithoutRef, useMemo } from 'react';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
];

/** Sanitises HTML for display (docs/design.md: "rendered only after sanitising"), even though the server stored it sanitised. */
export function sanitizeForDisplay(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}

/** The text of an HTML fragment (tags removed), for previews. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeForDisplay(html), 'text/html');
  // Block ends become spaces so that words of adjacent paragraphs do not run together.
  for (const el of doc.body.querySelectorAll('p, li, br, h2, h3, h4, blockquote')) el.append(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export interface SafeHtmlProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string;
}

/** Renders stored HTML (tips, to-do descriptions) after sanitising it again in the browser. */
export function SafeHtml({ html, ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with an allow-list.
  return <div {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
