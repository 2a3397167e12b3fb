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

/**
 * A preview of an HTML fragment that keeps its formatting (spec §2, §9: "Preview is cut at 200 characters
 * with an ellipsis"): the fragment is sanitised, then its text nodes are walked in document order, runs of
 * white space counting as one character; the text node where the limit falls is cut (at whole characters)
 * and ends with '…', and everything after it is dropped. The open elements stay well-formed because the
 * result is serialised from the DOM.
 */
export function truncateHtml(html: string, limit: number): string {
  const doc = new DOMParser().parseFromString(sanitizeForDisplay(html), 'text/html');
  let remaining = limit;
  let cut = false;
  const walk = (node: Node) => {
    for (const child of [...node.childNodes]) {
      if (cut) {
        child.remove();
      } else if (child.nodeType === Node.TEXT_NODE) {
        const chars = Array.from((child.textContent ?? '').replace(/\s+/g, ' '));
        if (chars.length > remaining) {
          child.textContent = `${chars.slice(0, remaining).join('').trimEnd()}…`;
          cut = true;
        } else {
          child.textContent = chars.join('');
          remaining -= chars.length;
        }
      } else {
        walk(child);
      }
    }
  };
  walk(doc.body);
  return doc.body.innerHTML;
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
