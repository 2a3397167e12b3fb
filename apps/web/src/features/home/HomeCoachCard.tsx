import { gradeBar, type HomeCoach, PAGES } from '@course-coach/contracts';
import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HOME_TEXTS as T } from './texts.ts';

/** Grade progress as one bar (earned, missed, remaining; rounded as the grade card rounds) and the score. */
function GradeProgress({ grade }: { grade: NonNullable<HomeCoach['grade']> }) {
  const bar = gradeBar(grade);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {T.grade}: {T.currentScore(grade.current_score)}
      </Text>
      <Progress.Root size="lg" role="img" aria-label={T.gradeBar(bar.earned, bar.missed, bar.remaining)}>
        <Progress.Section value={bar.earned} color="green.8" aria-hidden="true" />
        <Progress.Section value={bar.missed} color="red.8" aria-hidden="true" />
        <Progress.Section value={bar.remaining} color="gray.3" aria-hidden="true" />
      </Progress.Root>
    </Stack>
  );
}

/**
 * One of the user's coaches on the home page: its name (to its dashboard), a student's grade progress,
 * the next to-do (to the to-do page) and the unread bulletins (to the coach's bulletins).
 */
export function HomeCoachCard({ coach }: { coach: HomeCoach }) {
  const headingId = `home-coach-${coach.id}`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId} data-testid="home-coach">
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          <Anchor component={Link} to={PAGES.coachDetails(coach.id)}>
            {coach.label}
          </Anchor>
        </Title>
        {coach.grade && <GradeProgress grade={coach.grade} />}
        <div>
          <Text size="sm" fw={500}>
            {T.nextTodo}
          </Text>
          {coach.next_todo ? (
            <Anchor component={Link} to={PAGES.todos(coach.id)} size="sm" data-testid="home-next-todo">
              {coach.next_todo.title}, {T.due(coach.next_todo.due_date)}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {T.noTodo}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Anchor component={Link} to={PAGES.bulletins(coach.id)} size="sm" data-testid="home-unread">
            {T.unread(coach.unread_bulletins)}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
