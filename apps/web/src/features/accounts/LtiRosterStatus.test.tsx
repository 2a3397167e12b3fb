import type { LtiLinkedCourse } from '@course-coach/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { LtiRosterStatus } from './LtiRosterStatus.tsx';

/** The linked courses' roster lines on the LMS (LTI) page (docs/lti.md, Roster). */
const base: LtiLinkedCourse = {
  id: 1,
  registration_id: 2,
  title: 'Biology 101',
  coach_id: 3,
  coach_name: 'Biology Coach',
  roster_synced_at: null,
  roster_result: null,
  roster_error: null,
};

describe('LtiRosterStatus', () => {
  it('shows each course’s last sync: counts, a failure in plain words, or not yet', () => {
    renderWithApp(
      <LtiRosterStatus
        courses={[
          {
            ...base,
            roster_synced_at: '2026-11-20T03:00:00.000Z',
            roster_result: { added: 3, removed: 1, unchanged: 12 },
          },
          {
            ...base,
            id: 2,
            title: 'Chemistry',
            roster_synced_at: '2026-11-20T03:00:00.000Z',
            roster_error: 'The platform registration has no token URL, which the course roster needs.',
          },
          { ...base, id: 3, title: null },
        ]}
        institutionId={7}
        queryKey={['lti-registrations', 7]}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Biology 101');
    expect(rows[0]).toHaveTextContent('Biology Coach');
    expect(rows[0]).toHaveTextContent(/Roster last synced .+: 3 added, 1 removed, 12 unchanged/);
    expect(rows[1]).toHaveTextContent(
      /Roster last synced .+: failed\. The platform registration has no token URL, which the course roster needs\./,
    );
    expect(rows[2]).toHaveTextContent('Untitled course');
    expect(rows[2]).toHaveTextContent('Roster not synced yet.');
  });

  it('says so when no course is linked', () => {
    renderWithApp(<LtiRosterStatus courses={[]} institutionId={7} queryKey={['x']} />);
    expect(screen.getByText('No LMS course is linked to a coach yet.')).toBeInTheDocument();
  });

  it('“Sync roster now” posts the course’s sync', async () => {
    const fetch = stubFetch({ 'POST /api/v1/institution/7/lti/courses/1/sync': { body: base } });
    renderWithApp(<LtiRosterStatus courses={[base]} institutionId={7} queryKey={['x']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync roster now: Biology 101' }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toContain(
        'POST /api/v1/institution/7/lti/courses/1/sync',
      ),
    );
  });
});
