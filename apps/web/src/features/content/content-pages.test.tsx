import {
  API,
  EMAIL_API,
  EMAIL_PAGES,
  EMAIL_TEXTS,
  type Email,
  SURVEY_API,
  SURVEY_PAGES,
  SURVEY_TEXTS,
  type Survey,
} from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { EditEmailPage, EmailManagerPage } from '../emails/index.ts';
import { EditSurveyPage, SurveyManagerPage } from '../surveys/index.ts';
import { DICTIONARY } from '../tailoring/test-fixtures.ts';

/**
 * The email and survey screens through the content/ components they share: manager lists, the editors'
 * route and load states, and the editor frame's save, error and delete handling.
 */
const COACH = 3;

const routes = [
  { path: 'Dashboard/Coach/:coachId/ContentManager/Emails', element: <EmailManagerPage /> },
  { path: 'Dashboard/Coach/:coachId/ContentManager/EditEmail/:emailId', element: <EditEmailPage /> },
  { path: 'Dashboard/Coach/:coachId/ContentManager/Surveys', element: <SurveyManagerPage /> },
  { path: 'Dashboard/Coach/:coachId/ContentManager/EditSurvey/:surveyId', element: <EditSurveyPage /> },
];

const dictionary = { [`GET ${API.mtsDictionaryData(COACH)}`]: { body: DICTIONARY } };

const survey: Survey = {
  id: 7,
  coach: COACH,
  title: 'How do you study?',
  status: 'Draft',
  is_published: false,
  is_queued: false,
  under_review: false,
  publish_timestamp: '2026-01-01T00:00:00.000Z',
  related_credit: false,
  due_at: null,
  anonymous: false,
  questions: [],
  characteristics: [],
  completed: false,
  responses_count: 2,
  answers: {},
};

const email: Email = {
  id: 5,
  coach: COACH,
  title: 'Welcome',
  subject: 'Hello',
  state: 'delivered',
  status: 'Delivered',
  send_at: '2026-01-01T09:00:00.000Z',
  delivered_at: '2026-01-01T09:00:00.000Z',
  sections: [{ id: 1, characteristic: null, value: null, body: '<p>Hi</p>' }],
  characteristics: [],
  delivered_count: 4,
  unconfirmed_count: 0,
};

describe('content managers', () => {
  it('shows the empty text and a New button to the editor of a new item', async () => {
    stubFetch({ [`GET ${SURVEY_API.surveys(COACH)}`]: { body: [] } });
    renderRoutes(routes, SURVEY_PAGES.manager(COACH));
    expect(await screen.findByText(SURVEY_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: SURVEY_TEXTS.managerTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SURVEY_TEXTS.newSurvey })).toHaveAttribute(
      'href',
      SURVEY_PAGES.edit(COACH, 'new'),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists surveys with their response count and an Edit link on every row', async () => {
    stubFetch({ [`GET ${SURVEY_API.surveys(COACH)}`]: { body: [survey] } });
    renderRoutes(routes, SURVEY_PAGES.manager(COACH));
    expect(await screen.findByText('2 responses')).toBeInTheDocument();
    expect(screen.getAllByTestId('survey-row')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Edit How do you study?' })).toHaveAttribute(
      'href',
      SURVEY_PAGES.edit(COACH, 7),
    );
  });

  it('shows a load error with Try again (a 404 of the list is an error, not the 404 page)', async () => {
    stubFetch({});
    renderRoutes(routes, EMAIL_PAGES.manager(COACH));
    expect(await screen.findByText('We couldn’t load the emails')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId('not-found-page')).not.toBeInTheDocument();
  });

  it('shows the 404 page for a coach id that is no id', async () => {
    stubFetch({});
    renderRoutes(routes, '/Dashboard/Coach/abc/ContentManager/Emails');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });
});

describe('content editors', () => {
  it('shows the 404 page for an item the API does not know', async () => {
    stubFetch({ ...dictionary });
    renderRoutes(routes, SURVEY_PAGES.edit(COACH, 99));
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it('shows the load error of an item with its own title', async () => {
    stubFetch({ ...dictionary, [`GET ${SURVEY_API.survey(COACH, 7)}`]: { status: 500, body: {} } });
    renderRoutes(routes, SURVEY_PAGES.edit(COACH, 7));
    expect(await screen.findByText('We couldn’t load this survey')).toBeInTheDocument();
  });

  it('shows a delivered email read-only', async () => {
    stubFetch({ ...dictionary, [`GET ${EMAIL_API.email(COACH, 5)}`]: { body: email } });
    renderRoutes(routes, EMAIL_PAGES.edit(COACH, 5));
    expect(await screen.findByText(EMAIL_TEXTS.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: EMAIL_TEXTS.save })).not.toBeInTheDocument();
  });

  it('a new email: create title, no Delete, a section removable only when there are two', async () => {
    stubFetch({ ...dictionary });
    renderRoutes(routes, EMAIL_PAGES.edit(COACH, 'new'));
    expect(
      await screen.findByRole('heading', { level: 1, name: EMAIL_TEXTS.createTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EMAIL_TEXTS.managerTitle })).toHaveAttribute(
      'href',
      EMAIL_PAGES.manager(COACH),
    );
    expect(screen.queryByRole('button', { name: EMAIL_TEXTS.delete })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('email-section')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: EMAIL_TEXTS.removeSection(1) })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: EMAIL_TEXTS.addSection }));
    expect(screen.getAllByTestId('email-section')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: EMAIL_TEXTS.removeSection(1) }));
    expect(screen.getAllByTestId('email-section')).toHaveLength(1);
  });

  it('a failed save shows field errors beside the fields and other failures in an alert', async () => {
    let answer: { status: number; body: Record<string, string[]> } = {
      status: 400,
      body: { title: ['Enter a title.'], questions: ['Add a question.'] },
    };
    stubFetch({
      ...dictionary,
      [`GET ${SURVEY_API.survey(COACH, 7)}`]: { body: survey },
      [`PUT ${SURVEY_API.survey(COACH, 7)}`]: () => answer,
    });
    const { router } = renderRoutes(routes, SURVEY_PAGES.edit(COACH, 7));
    expect(
      await screen.findByRole('heading', { level: 1, name: SURVEY_TEXTS.editTitle }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: SURVEY_TEXTS.save }));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(screen.getByText('Add a question.')).toHaveAttribute('role', 'alert');
    answer = { status: 400, body: { non_field_errors: ['Something is off.'] } };
    fireEvent.click(screen.getByRole('button', { name: SURVEY_TEXTS.save }));
    expect(await screen.findByText('Something is off.')).toBeInTheDocument();
    expect(screen.queryByText('Enter a title.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(SURVEY_PAGES.edit(COACH, 7));
  });

  it('a save goes back to the manager; Delete deletes and goes back too', async () => {
    const calls: string[] = [];
    stubFetch({
      ...dictionary,
      [`GET ${SURVEY_API.surveys(COACH)}`]: { body: [] },
      [`GET ${SURVEY_API.survey(COACH, 7)}`]: { body: survey },
      [`PUT ${SURVEY_API.survey(COACH, 7)}`]: () => {
        calls.push('PUT');
        return { body: survey };
      },
      [`DELETE ${SURVEY_API.survey(COACH, 7)}`]: () => {
        calls.push('DELETE');
        return { status: 204 };
      },
    });
    const { router } = renderRoutes(routes, SURVEY_PAGES.edit(COACH, 7));
    fireEvent.click(await screen.findByRole('button', { name: SURVEY_TEXTS.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SURVEY_PAGES.manager(COACH)), {
      timeout: 5000,
    });
    await router.navigate(SURVEY_PAGES.edit(COACH, 7));
    fireEvent.click(await screen.findByRole('button', { name: SURVEY_TEXTS.delete }));
    // One confirmation naming the survey (docs/trash.md), then the delete.
    const confirm = await screen.findByRole('dialog', { name: 'Delete?' }, { timeout: 5000 });
    expect(calls).toEqual(['PUT']);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SURVEY_PAGES.manager(COACH)), {
      timeout: 5000,
    });
    expect(calls).toEqual(['PUT', 'DELETE']);
  });
});
