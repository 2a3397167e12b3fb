import type { MarkedText as Marked } from '@course-coach/contracts';
import type { ReactNode } from 'react';

/**
 * Plain text with its matched ranges in `<mark>` (docs/search.md): the server sends text, never HTML, so
 * React escapes every character and nothing in a result can become markup.
 */
export function MarkedText({ value }: { value: Marked }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of value.matches) {
    if (start < at || end > value.text.length) continue;
    if (start > at) parts.push(value.text.slice(at, start));
    parts.push(<mark key={start}>{value.text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < value.text.length) parts.push(value.text.slice(at));
  return <>{parts}</>;
}
