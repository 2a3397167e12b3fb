import {
  API,
  type BulletinAnalytics,
  type PlaybookAnalytics,
  type TodoAnalytics,
} from '@course-coach/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import {
  BulletinActivityCard,
  OverallCountCard,
  PlaybookPlanningCard,
  TodoActivityCard,
} from './ActivityCards.tsx';

const COACH_ID = 7;

function bulletins(overrides: Partial<BulletinAnalytics> = {}): BulletinAnalytics {
  return {
    read_messages_count: 3,
    read_messages_percentage: 60,
    unread_messages_count: 2,
    total_messages_count: 5,
    total_message_topics_count: 2,
    message_topics: [
      { topic_name: 'Exams', num_messages: 2, read_percentage: 50, unread_percentage: 50 },
      { topic_name: 'Study Skills', num_messages: 1, read_percentage: 100, unread_percentage: 0 },
    ],
    message_without_topic: 2,
    messages_without_topic_read_percentage: 50,
    messages_without_topic_unread_percentage: 50,
    content_label: 'Bulletins',
    ...overrides,
  };
}

describe('Bulletins activity card (spec §4)', () => {
  it('shows the count, the breakdown with more than 1 topic and message, and General Bulletins in the graph', async () => {
    stubFetch({ [`GET ${API.bulletinAnalytics(COACH_ID)}`]: { body: bulletins() } });
    renderWithApp(<BulletinActivityCard coachId={COACH_ID} />);
    expect(await screen.findByTestId('activity-bulletins-headline')).toHaveTextContent(
      '3 of 5 Bulletins read',
    );
    expect(screen.getByTestId('activity-bulletins-breakdown')).toHaveTextContent(
      'Topics: Exams (2), Study Skills (1), General Bulletins (2)',
    );
    const graph = screen.getByTestId('activity-bulletins-graph');
    expect(
      within(graph)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.firstChild?.textContent),
    ).toEqual(['Exams', 'Study Skills', 'General Bulletins']);
  });

  it('hides the breakdown with one topic, keeps the topic graph, and uses the singular label', async () => {
    stubFetch({
      [`GET ${API.bulletinAnalytics(COACH_ID)}`]: {
        body: bulletins({
          read_messages_count: 1,
          total_messages_count: 1,
          unread_messages_count: 0,
          total_message_topics_count: 1,
          message_topics: [
            { topic_name: 'Exams', num_messages: 1, read_percentage: 100, unread_percentage: 0 },
          ],
          message_without_topic: 0,
          content_label: 'Bulletin',
        }),
      },
    });
    renderWithApp(<BulletinActivityCard coachId={COACH_ID} />);
    expect(await screen.findByTestId('activity-bulletins-headline')).toHaveTextContent(
      '1 of 1 Bulletin read',
    );
    expect(screen.queryByTestId('activity-bulletins-breakdown')).not.toBeInTheDocument();
    expect(screen.getByTestId('activity-bulletins-graph')).toBeInTheDocument();
  });

  it('is not shown at all when there are no bulletins', async () => {
    const fetch = stubFetch({
      [`GET ${API.bulletinAnalytics(COACH_ID)}`]: {
        body: bulletins({
          read_messages_count: 0,
          read_messages_percentage: 0,
          unread_messages_count: 0,
          total_messages_count: 0,
          total_message_topics_count: 0,
          message_topics: [],
          message_without_topic: 0,
        }),
      },
    });
    renderWithApp(<BulletinActivityCard coachId={COACH_ID} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByTestId('activity-bulletins')).not.toBeInTheDocument());
  });
});

describe('To-Dos activity card', () => {
  it('groups untagged items under General and shows the topic graph without breakdown for one tag', async () => {
    const body: TodoAnalytics = {
      completed_todo_item_count: 1,
      completed_todo_item_percentage: 50,
      incomplete_todo_item_count: 1,
      total_todo_item_count: 2,
      tag_todoitem_count: 1,
      todoitems_without_tags: 1,
      todoitems_without_tags_completed_percentage: 100,
      todoitems_without_tags_incomplete_percentage: 0,
      todoitem_tags: [
        { id: 1, label: 'Reading', num_items: 1, completed_percentage: 0, incomplete_percentage: 100 },
      ],
      content_label: 'To-Dos',
    };
    stubFetch({ [`GET ${API.todoAnalytics(COACH_ID)}`]: { body } });
    renderWithApp(<TodoActivityCard coachId={COACH_ID} />);
    expect(await screen.findByTestId('activity-todos-headline')).toHaveTextContent('1 of 2 To-Dos completed');
    expect(screen.queryByTestId('activity-todos-breakdown')).not.toBeInTheDocument();
    expect(screen.getByTestId('activity-todos-graph')).toHaveTextContent('General');
    // Its heading is the spec's title; its region's name sets it apart from the to-do card's “To-Dos”.
    expect(screen.getByRole('heading', { name: 'To-Dos' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'To-Dos activity' })).toBe(
      screen.getByTestId('activity-todos'),
    );
    expect(screen.queryByRole('region', { name: 'To-Dos' })).not.toBeInTheDocument();
  });
});

describe('Playbook Planning card', () => {
  const entry = {
    id: 1,
    exam_name: 'Midterm',
    is_released: true,
    exam_date: '2026-12-20',
    custom_date_message: null,
    graph_message: '20 days left to plan for Midterm.',
    planning_duration_percentage: 25,
    remaining_date: 20,
    assignment_type: 'exam' as const,
    completed: false,
  };

  it('titles the card Exam Playbook Planning, shows the date, 21 ticks with every other label hidden', async () => {
    const body: PlaybookAnalytics = {
      display_exam_playbook: true,
      user_playbook_list: [
        entry,
        {
          ...entry,
          id: 2,
          exam_name: 'Quiz',
          exam_date: null,
          custom_date_message: 'Date to be announced',
          remaining_date: 13,
          assignment_type: 'quiz',
        },
      ],
      playbook_completed_percentage: 0,
    };
    stubFetch({ [`GET ${API.examPlaybookAnalytics(COACH_ID)}`]: { body } });
    renderWithApp(<PlaybookPlanningCard coachId={COACH_ID} today={new Date(2026, 10, 30)} />);
    expect(await screen.findByRole('heading', { name: 'Exam Playbook Planning' })).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('playbook-entry');
    expect(within(first!).getByTestId('playbook-date')).toHaveTextContent('Sunday, December 20, 2026');
    const ticks = within(first!).getByTestId('playbook-ticks').querySelectorAll('li');
    expect(ticks).toHaveLength(21);
    expect([...ticks].filter((t) => t.hasAttribute('data-label-hidden'))).toHaveLength(10);
    expect(ticks[0]).toHaveTextContent('30');
    expect(ticks[1]).toHaveTextContent('1');
    expect(within(second!).getByTestId('playbook-date')).toHaveTextContent('Date to be announced');
    // 14 ticks: no label hidden.
    const ticks2 = within(second!).getByTestId('playbook-ticks').querySelectorAll('li');
    expect(ticks2).toHaveLength(14);
    expect([...ticks2].filter((t) => t.hasAttribute('data-label-hidden'))).toHaveLength(0);
  });

  it('shows a playbook’s document with it, and nothing for a playbook without one', async () => {
    const body: PlaybookAnalytics = {
      display_exam_playbook: true,
      user_playbook_list: [entry, { ...entry, id: 2, exam_name: 'Quiz' }],
      playbook_completed_percentage: 0,
    };
    stubFetch({
      [`GET ${API.examPlaybookAnalytics(COACH_ID)}`]: { body },
      [`GET ${API.contentDocument(COACH_ID, 'playbooks', 1)}`]: {
        body: {
          document_name: 'Midterm revision plan',
          kind: 'link',
          url: 'https://library.example.edu/midterm',
          content_type: null,
          byte_size: null,
        },
      },
    });
    renderWithApp(<PlaybookPlanningCard coachId={COACH_ID} today={new Date(2026, 10, 30)} />);
    const link = await screen.findByRole('link', { name: 'Midterm revision plan' });
    expect(link).toHaveAttribute('href', 'https://library.example.edu/midterm');
    const [first, second] = screen.getAllByTestId('playbook-entry');
    expect(within(first!).getByTestId('item-document')).toHaveTextContent(
      'Document: Midterm revision plan (Link)',
    );
    expect(within(second!).queryByTestId('item-document')).toBeNull();
  });

  it('is titled Playbook Planning without an exam playbook, and hidden with none released', async () => {
    stubFetch({
      [`GET ${API.examPlaybookAnalytics(COACH_ID)}`]: {
        body: {
          display_exam_playbook: false,
          user_playbook_list: [{ ...entry, assignment_type: 'quiz' }],
          playbook_completed_percentage: 0,
        },
      },
    });
    renderWithApp(<PlaybookPlanningCard coachId={COACH_ID} />);
    expect(await screen.findByRole('heading', { name: 'Playbook Planning' })).toBeInTheDocument();
  });
});

describe('Overall count card', () => {
  it('shows N over “Of N Items Complete”, singular for 1', async () => {
    stubFetch({
      [`GET ${API.coachUserAnalytics(COACH_ID)}`]: {
        body: {
          total_completed_assignments: 0,
          total_assignments_count: 1,
          incomplete_assignment_count: 1,
          assignment_completed_percentage: 0,
        },
      },
    });
    renderWithApp(<OverallCountCard coachId={COACH_ID} />);
    expect(await screen.findByTestId('overall-total')).toHaveTextContent('Of 1 Item Complete');
    expect(screen.getByTestId('overall-completed')).toHaveTextContent('0');
  });
});
