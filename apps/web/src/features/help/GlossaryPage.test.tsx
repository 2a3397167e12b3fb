import { API, type Me, PAGES } from '@course-coach/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { GlossaryPage } from './GlossaryPage.tsx';
import { RulesCombineNote } from './RulesCombineNote.tsx';

const student: Me = {
  user: { id: 9, email: 's8462@demo.edu', name: 'Student 8462' },
  institutions: [],
  coaches: [{ id: 4, label: 'DDD 2014J', institution_id: 1, course: 'DDD', term: '2014J', role: 'student' }],
  home: PAGES.coachDetails(4),
};
const staff: Me = {
  ...student,
  coaches: [],
  institutions: [{ id: 1, name: 'The Open University', role: 'staff' }],
};

function renderAt(me: Me, path: string) {
  stubFetch({ [`GET ${API.me}`]: { body: me } });
  return renderRoutes(
    [
      { path: 'Help/Glossary', element: <GlossaryPage /> },
      { path: 'rules', element: <RulesCombineNote /> },
    ],
    path,
  );
}

describe('GlossaryPage', () => {
  it('explains each word of the staff screens in plain words, rules combining with AND', async () => {
    renderAt(staff, '/Help/Glossary/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Glossary' })).toBeInTheDocument();
    expect(document.title).toBe('Glossary · Course Coach');
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual([
      'Coach',
      'Insight Group',
      'Insight Group Collection',
      'Characteristic',
      'MTS (the tailoring system)',
      'Source',
      'Rule',
      'Characteristic wiring (“Shown to”)',
      'Bulletin',
      'Tip (of the Week)',
      'To-do list',
      'Survey',
      'Exam Playbook',
    ]);
    expect(
      screen.getByText(/a student is in the group only when they match all of its rules/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Each has a code name and a label; the screens show the label\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/An item without wiring is shown to every student\./)).toBeInTheDocument();
  });

  it('says next to the rules that they combine, linking the Rule entry', async () => {
    renderAt(staff, '/rules');
    expect(await screen.findByText(/Students who match all of these rules:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'What do these words mean?' })).toHaveAttribute(
      'href',
      '/Help/Glossary/#rule',
    );
  });
});
