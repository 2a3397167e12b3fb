import {
  API,
  EMAIL_API,
  EMAIL_PAGES,
  type Email,
  type Me,
  MY_DATA_API,
  MY_DATA_TEXTS,
  PAGES,
  SURVEY_API,
  SURVEY_PAGES,
  SURVEY_TEXTS,
  type Survey,
} from '@course-coach/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { useMe } from '../auth/index.ts';
import { EmailManagerPage } from '../emails/index.ts';
import { StudentSurveysPage, TakeSurveyPage } from './SurveyPages.tsx';

const COACH_ID = 3;

const survey: Survey = {
  id: 7,
  coach: COACH_ID,
  title: 'How do you study?',
  status: 'Published',
  is_published: true,
  is_queued: false,
  under_review: false,
  publish_timestamp: '2026-01-01T00:00:00.000Z',
  related_credit: false,
  due_at: null,
  anonymous: false,
  questions: [
    {
      id: 21,
      prompt: 'How do you plan your study?',
      characteristic: 'study_plan',
      kind: 'set',
      options: [
        { value: 'weekly', label: 'A little every week' },
        { value: 'cramming', label: 'Close to the deadline' },
      ],
      ranges: [],
    },
    {
      id: 22,
      prompt: 'Hours a week?',
      characteristic: 'hours',
      kind: 'range',
      options: [],
      ranges: [{ min: 0, max: 60 }],
    },
  ],
  characteristics: [],
  completed: false,
  responses_count: 0,
  answers: {},
};

const email = (over: Partial<Email>): Email => ({
  id: 1,
  coach: COACH_ID,
  title: 'Welcome',
  subject: 'Welcome',
  state: 'draft',
  status: 'Draft',
  send_at: null,
  delivered_at: null,
  sections: [],
  characteristics: [],
  delivered_count: 0,
  unconfirmed_count: 0,
  ...over,
});

describe('TakeSurveyPage', () => {
  it('sends one answer per question and shows the server’s field errors beside the question', async () => {
    const fetchMock = stubFetch({
      [`GET ${SURVEY_API.survey(COACH_ID, 7)}`]: { body: survey },
      [`POST ${SURVEY_API.responses(COACH_ID, 7)}`]: {
        status: 400,
        body: { question_22: ['Enter a number from 0 to 60.'] },
      },
    });
    renderRoutes(
      [{ path: 'Dashboard/Coach/:coachId/Surveys/:surveyId', element: <TakeSurveyPage /> }],
      SURVEY_PAGES.take(COACH_ID, 7),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'A little every week' }));
    fireEvent.change(screen.getByRole('textbox', { name: '2. Hours a week?' }), { target: { value: '61' } });
    fireEvent.click(screen.getByRole('button', { name: SURVEY_TEXTS.submit }));
    expect(await screen.findByText('Enter a number from 0 to 60.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    )!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({
      answers: [
        { question: 21, value: 'weekly' },
        { question: 22, value: '61' },
      ],
    });
    expect(screen.queryByText(SURVEY_TEXTS.thanks)).not.toBeInTheDocument();
  });
});

const student: Me = {
  user: { id: 9, email: 's1@demo.edu', name: 'Student 1' },
  institutions: [],
  coaches: [
    { id: COACH_ID, label: 'DDD 2014J', institution_id: 1, course: 'DDD', term: '2014J', role: 'student' },
  ],
  home: PAGES.coachDetails(COACH_ID),
};

/** Loads Me first, as the shell does, then shows the student's survey list. */
function StudentSurveysWithMe() {
  const { data } = useMe();
  return data ? <StudentSurveysPage /> : <p>loading me</p>;
}

describe('StudentSurveysPage', () => {
  it('offers “Why am I seeing this?” on each survey card and asks about that survey', async () => {
    const fetchMock = stubFetch({
      [`GET ${API.me}`]: { body: student },
      [`GET ${SURVEY_API.surveys(COACH_ID)}`]: { body: [survey] },
      [`GET ${MY_DATA_API.why(COACH_ID)}`]: { body: { reasons: ['Declared disability is Yes'] } },
    });
    renderRoutes(
      [{ path: 'Dashboard/Coach/:coachId/Surveys', element: <StudentSurveysWithMe /> }],
      SURVEY_PAGES.list(COACH_ID),
    );
    const card = await screen.findByTestId('student-survey');
    expect(card).toHaveTextContent('How do you study?');
    fireEvent.click(screen.getByRole('button', { name: MY_DATA_TEXTS.whyTitle }));
    expect(await screen.findByText('Declared disability is Yes')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/why'));
    expect(asked).toEqual([`${MY_DATA_API.why(COACH_ID)}?kind=survey&id=7`]);
  });
});

describe('EmailManagerPage', () => {
  it('lists emails with their status and hides the Edit link of delivered emails', async () => {
    stubFetch({
      [`GET ${EMAIL_API.emails(COACH_ID)}`]: {
        body: [
          email({ id: 1, title: 'Sent one', state: 'delivered', status: 'Delivered', delivered_count: 12 }),
          email({ id: 2, title: 'Planned one', state: 'scheduled', status: 'Scheduled' }),
        ],
      },
    });
    renderRoutes(
      [{ path: 'Dashboard/Coach/:coachId/ContentManager/Emails', element: <EmailManagerPage /> }],
      EMAIL_PAGES.manager(COACH_ID),
    );
    expect(await screen.findByText('Delivered to 12 students')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Sent one' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Planned one' })).toHaveAttribute(
      'href',
      EMAIL_PAGES.edit(COACH_ID, 2),
    );
  });
});
