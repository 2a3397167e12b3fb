import {
  PLAYBOOK_PLAN_MESSAGES as M,
  type MyPlaybookDetail,
  PLAYBOOK_PLAN_API,
  PLAYBOOK_PLAN_PAGES,
  PLAYBOOK_PLAN_TEXTS as T,
} from '@course-coach/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { MyPlaybookPage } from './PlaybookPlanPages.tsx';

const COACH_ID = 3;

const playbook = (over: Partial<MyPlaybookDetail> = {}): MyPlaybookDetail => ({
  id: 9,
  title: 'Midterm Playbook',
  assignment_type: 'exam',
  exam_date: '2026-12-10',
  custom_date_message: null,
  stage: 'planning',
  planning_opens_on: '2026-12-01',
  planning_closes_on: '2026-12-09',
  reflection_closes_on: '2026-12-23',
  planning_completed_at: null,
  reflection_completed_at: null,
  questions: [
    {
      characteristic: 'planned_resources',
      section: 'planning',
      question: 'Which study resources will you use to prepare?',
      kind: 'choice',
      multiple: true,
      options: [
        { value: 'PracticeExam', label: 'Practice exams' },
        { value: 'Notes', label: 'Notes' },
      ],
      min: null,
      max: null,
      step: null,
      answer: [],
    },
    {
      characteristic: 'exam_feeling',
      section: 'emotions',
      question: 'How do you feel about this exam right now?',
      kind: 'choice',
      multiple: false,
      options: [
        { value: 'Calm', label: 'Calm' },
        { value: 'Anxious', label: 'Anxious' },
      ],
      min: null,
      max: null,
      step: null,
      answer: ['Calm'],
    },
    {
      characteristic: 'exam_outcome',
      section: 'reflection',
      question: 'How did the exam go?',
      kind: 'choice',
      multiple: false,
      options: [{ value: 'Well', label: 'Well' }],
      min: null,
      max: null,
      step: null,
      answer: [],
    },
  ],
  ...over,
});

const bodies = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe('MyPlaybookPage', () => {
  it('saves a choice at once, and shows the field errors of a refused completion beside the question', async () => {
    const mock = stubFetch({
      [`GET ${PLAYBOOK_PLAN_API.one(COACH_ID, 9)}`]: { body: playbook() },
      [`PUT ${PLAYBOOK_PLAN_API.phase(COACH_ID, 9, 'planning')}`]: (init) => {
        const body = JSON.parse(String(init?.body));
        return body.submit
          ? { status: 400, body: { planned_resources: [M.answerRequired] } }
          : { body: playbook() };
      },
    });
    renderRoutes(
      [{ path: 'Dashboard/Coach/:coachId/Playbook/:playbookId', element: <MyPlaybookPage /> }],
      PLAYBOOK_PLAN_PAGES.one(COACH_ID, 9),
    );
    expect(await screen.findByRole('heading', { name: 'Midterm Playbook', level: 1 })).toBeInTheDocument();
    // Planning is open: the reflection's questions are not shown yet.
    expect(screen.queryByText('How did the exam go?')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Calm' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Anxious' }));
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: T.completePlanning }));
    expect(await screen.findByText(M.answerRequired)).toBeInTheDocument();
    expect(bodies(mock)).toEqual([
      { answers: [{ characteristic: 'exam_feeling', value: ['Anxious'] }], submit: false },
      {
        answers: [
          { characteristic: 'planned_resources', value: [] },
          { characteristic: 'exam_feeling', value: ['Anxious'] },
        ],
        submit: true,
      },
    ]);
  });

  it('after the exam shows the reflection to answer and the plan read-only', async () => {
    stubFetch({
      [`GET ${PLAYBOOK_PLAN_API.one(COACH_ID, 9)}`]: { body: playbook({ stage: 'reflection' }) },
    });
    renderRoutes(
      [{ path: 'Dashboard/Coach/:coachId/Playbook/:playbookId', element: <MyPlaybookPage /> }],
      PLAYBOOK_PLAN_PAGES.one(COACH_ID, 9),
    );
    expect(await screen.findByRole('radio', { name: 'Well' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Calm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: T.completeReflection })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.completePlanning })).not.toBeInTheDocument();
  });
});
