import { type Home, PAGES, WIZARD_PAGES } from '@course-coach/contracts';
import { Anchor, Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HOME_TEXTS as T } from './texts.ts';

/** The staff part of the home page: the institution's coaches and its set-ups not finished yet. */
export function HomeStaff({
  institutionId,
  staff,
}: {
  institutionId: number;
  staff: NonNullable<Home['staff']>;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-staff">
      <Title order={2} size="h3" id="home-staff">
        {T.staffTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" data-testid="home-staff-coaches">
          <Title order={3} size="h4" mb="xs">
            {T.staffCoaches}
          </Title>
          {staff.coaches.length === 0 ? (
            <Text c="dimmed">{T.noStaffCoaches}</Text>
          ) : (
            <List spacing={4}>
              {staff.coaches.map((c) => (
                <List.Item key={c.id}>
                  <Anchor component={Link} to={PAGES.coachDetails(c.id)}>
                    {c.label}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
        <Paper withBorder p="md" data-testid="home-setups">
          <Title order={3} size="h4" mb="xs">
            {T.setups}
          </Title>
          {staff.setups.length === 0 ? (
            <Text c="dimmed">{T.noSetups}</Text>
          ) : (
            <List spacing={4}>
              {staff.setups.map((s) => (
                <List.Item key={s.id}>
                  <Anchor component={Link} to={WIZARD_PAGES.wizard(institutionId, s.id)}>
                    {s.label}
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    ({T.setupStatus[s.status]})
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
          <Button
            component={Link}
            to={WIZARD_PAGES.wizard(institutionId, 'new')}
            variant="light"
            size="xs"
            mt="sm"
          >
            {T.newSetup}
          </Button>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
