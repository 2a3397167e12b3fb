import { LTI_API, LTI_REFUSAL_TEXTS, LTI_TEXTS, type LtiRefusalCode } from '@course-coach/contracts';
import type { FastifyReply } from 'fastify';
import { cspHeaderValue } from '../../http/security-headers.ts';

/**
 * The plain pages a launch answers inside the LMS frame (docs/lti.md, Pages): a refusal, the student's
 * "not connected yet" and the staff's offer to link the course to a coach. No script; framing allowed to
 * the registration's platform origin only (`frameOrigin`), or to nobody when the platform is unknown.
 */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Course Coach</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1b1e;line-height:1.5}
main{max-width:40rem}h1{font-size:1.4rem}label{display:block;font-weight:600;margin:1rem 0 .25rem}
select,button{font:inherit;padding:.5rem .75rem;max-width:100%}button{margin-top:1rem;background:#1864ab;color:#fff;border:0;border-radius:4px;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`;
}

/**
 * Lets `frameOrigin` (and only it) frame the answer: CSP `frame-ancestors <origin>` and no
 * X-Frame-Options (which cannot name an origin). Without an origin the answer keeps `frame-ancestors 'none'`.
 */
export function allowFraming(reply: FastifyReply, frameOrigin: string | null): FastifyReply {
  if (!frameOrigin) return reply;
  reply.header('content-security-policy', cspHeaderValue({ 'frame-ancestors': [frameOrigin] }));
  reply.removeHeader('x-frame-options');
  return reply;
}

function send(reply: FastifyReply, status: number, frameOrigin: string | null, html: string): FastifyReply {
  return allowFraming(reply, frameOrigin)
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * A refused launch: 400 (a page for the browser in the LMS frame, not an API answer: the API's 401/403/404
 * carry `{detail}`), with the code's plain sentence.
 */
export function refusalPage(
  reply: FastifyReply,
  code: LtiRefusalCode,
  frameOrigin: string | null,
): FastifyReply {
  return send(
    reply,
    400,
    frameOrigin,
    layout(
      'Course Coach cannot open',
      `<h1>Course Coach cannot open</h1><p data-testid="lti-message">${escapeHtml(LTI_REFUSAL_TEXTS[code])}</p>`,
    ),
  );
}

/** A student's or instructor's launch into a course no coach is linked to (staff get the link offer). */
export function unlinkedPage(reply: FastifyReply, frameOrigin: string, instructor: boolean): FastifyReply {
  const text = instructor ? LTI_TEXTS.unlinkedInstructor : LTI_TEXTS.unlinkedStudent;
  return send(
    reply,
    200,
    frameOrigin,
    layout(
      'Not connected yet',
      `<h1>Not connected yet</h1><p data-testid="lti-message">${escapeHtml(text)}</p>`,
    ),
  );
}

/** A staff member's launch into an unlinked course: the institution's coaches and a one-time link form. */
export function linkOfferPage(
  reply: FastifyReply,
  frameOrigin: string,
  offer: {
    token: string;
    courseTitle: string | null;
    coaches: Array<{ id: number; name: string; term: string }>;
  },
): FastifyReply {
  const heading = `<h1>Connect ${escapeHtml(offer.courseTitle ?? 'this course')} to a coach</h1>`;
  if (offer.coaches.length === 0)
    return send(
      reply,
      200,
      frameOrigin,
      layout(
        'Connect a coach',
        `${heading}<p data-testid="lti-message">${escapeHtml(LTI_TEXTS.noCoaches)}</p>`,
      ),
    );
  const options = offer.coaches
    .map((c) => `<option value="${c.id}">${escapeHtml(c.name)} (${escapeHtml(c.term)})</option>`)
    .join('');
  return send(
    reply,
    200,
    frameOrigin,
    layout(
      'Connect a coach',
      `${heading}<p data-testid="lti-message">${escapeHtml(LTI_TEXTS.unlinkedStaff)}</p>
<form method="post" action="${LTI_API.link}"><input type="hidden" name="link_token" value="${escapeHtml(offer.token)}">
<label for="coach_id">Coach</label><select id="coach_id" name="coach_id">${options}</select><br>
<button type="submit">${escapeHtml(LTI_TEXTS.linkButton)}</button></form>`,
    ),
  );
}

/** A link form posted too late, twice, or by someone else. */
export function linkExpiredPage(reply: FastifyReply, frameOrigin: string | null): FastifyReply {
  return send(
    reply,
    400,
    frameOrigin,
    layout(
      'Page expired',
      `<h1>Page expired</h1><p data-testid="lti-message">${escapeHtml(LTI_TEXTS.linkExpired)}</p>`,
    ),
  );
}
