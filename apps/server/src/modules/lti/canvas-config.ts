import { LTI_API } from '@course-coach/contracts';

/**
 * The tool configuration JSON a Canvas admin pastes (or points to by URL) when creating an LTI developer
 * key (docs/lti.md, Registering in Canvas; Canvas's "Configuring LTI Advantage Tools"): our OIDC login and
 * launch URLs, our JWKS URL, privacy level public (Canvas then sends name and e-mail, which the just-in-time
 * account needs), the Names and Roles scope (the roster sync), the line item and score scopes (grades) and a course navigation placement. `origin` is the server's own origin.
 */
export function canvasToolConfiguration(origin: string) {
  const launch = `${origin}${LTI_API.launch}`;
  return {
    title: 'Course Coach',
    description: 'Course Coach: the course’s coach dashboard, tips and to-dos, inside the course.',
    oidc_initiation_url: `${origin}${LTI_API.login}`,
    target_link_uri: launch,
    public_jwk_url: `${origin}${LTI_API.jwks}`,
    // Names and Roles (docs/lti.md, Roster): read the course roster; Assignment and Grade Services
    // (docs/lti.md, Grades): make line items and post scores.
    scopes: [
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
      'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
      'https://purl.imsglobal.org/spec/lti-ags/scope/score',
    ],
    extensions: [
      {
        domain: new URL(origin).host,
        tool_id: 'course-coach',
        platform: 'canvas.instructure.com',
        privacy_level: 'public',
        settings: {
          text: 'Course Coach',
          placements: [
            {
              text: 'Course Coach',
              enabled: true,
              placement: 'course_navigation',
              message_type: 'LtiResourceLinkRequest',
              target_link_uri: launch,
            },
          ],
        },
      },
    ],
    custom_fields: {},
  };
}
