import sanitizeHtml from 'sanitize-html';

/**
 * Allow-list of the rich-text marks the to-do form offers (spec §2 To-Do form: bold, italic, underline,
 * strike, bullet and numbered lists, link) plus paragraphs and line breaks.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
};

/** Tips may also use headings, quotes and code on top of the rich-text marks. */
const TIP_HTML: sanitizeHtml.IOptions = {
  ...RICH_TEXT,
  allowedTags: [...(RICH_TEXT.allowedTags as string[]), 'h2', 'h3', 'h4', 'blockquote', 'code'],
};

/**
 * Sanitises a to-do description (docs/design.md: HTML is stored sanitised): scripts, styles, event
 * handlers, `javascript:` links and every tag outside the allow-list are removed.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** Sanitises a tip's HTML (same rules as `sanitizeRichText`, with headings, quotes and code). */
export function sanitizeTipHtml(html: string): string {
  return sanitizeHtml(html, TIP_HTML).trim();
}

/** The text of an HTML fragment with every tag removed (for emptiness checks). */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();
}

/** Sanitises a bulletin's description or page (the tip rules: rich-text marks, headings, quotes, code). */
export function sanitizeBulletinHtml(html: string): string {
  return sanitizeHtml(html, TIP_HTML).trim();
}
