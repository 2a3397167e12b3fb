import { describe, expect, it } from 'vitest';
import { truncateHtml } from './SafeHtml.tsx';

describe('truncateHtml (the tip preview, spec §9: cut at 200 characters with an ellipsis)', () => {
  it('keeps a short fragment whole, formatting included', () => {
    expect(truncateHtml('<p>Plan your <strong>week</strong>.</p>', 200)).toBe(
      '<p>Plan your <strong>week</strong>.</p>',
    );
  });

  it('cuts inside a formatted run and closes every open element, with the ellipsis at the cut', () => {
    const html = '<p>One <em>two <strong>three four</strong> five</em> six</p><ul><li>seven</li></ul>';
    // "One two three" is 13 characters: the cut falls inside <strong>; the rest (five, six, the list) goes.
    expect(truncateHtml(html, 13)).toBe('<p>One <em>two <strong>three…</strong></em></p>');
  });

  it('counts runs of white space as one character and cuts at whole characters', () => {
    expect(truncateHtml('<p>a    b\n\n c d</p>', 5)).toBe('<p>a b c…</p>');
    expect(truncateHtml('<p>😀😀😀</p>', 2)).toBe('<p>😀😀…</p>');
  });

  it('sanitises first: scripts and event handlers never reach the preview', () => {
    const out = truncateHtml(
      '<p onclick="x()">Hi<script>alert(1)</script> <img src=x onerror=y()>there</p>',
      200,
    );
    expect(out).toBe('<p>Hi there</p>');
  });
});
