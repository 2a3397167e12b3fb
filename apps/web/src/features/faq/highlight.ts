import { sanitizeForDisplay } from '../../components/SafeHtml.tsx';

/** The search words of a query (lower case, blanks dropped). */
export function searchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Stored HTML sanitised for display, with every occurrence of the search words wrapped in `<mark>`
 * (case-insensitive). Only text nodes are split, so the markup stays the sanitised one plus the marks.
 */
export function highlightHtml(html: string, words: string[]): string {
  const clean = sanitizeForDisplay(html);
  if (words.length === 0) return clean;
  const doc = new DOMParser().parseFromString(clean, 'text/html');
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  for (const node of texts) {
    const parts = (node.textContent ?? '').split(pattern);
    if (parts.length === 1) continue;
    const fragment = doc.createDocumentFragment();
    parts.forEach((part, i) => {
      if (part === '') return;
      if (i % 2 === 1) {
        const mark = doc.createElement('mark');
        mark.textContent = part;
        fragment.append(mark);
      } else fragment.append(doc.createTextNode(part));
    });
    node.replaceWith(fragment);
  }
  return doc.body.innerHTML;
}
