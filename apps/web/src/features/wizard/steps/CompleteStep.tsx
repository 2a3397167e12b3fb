import { WIZARD_TEXTS } from '@course-coach/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The completion screen (spec §2): 'Congrats! Your coach has been created.' and Go to Coach Dashboard. */
export function CompleteStep({ dashboardPath }: { dashboardPath: string }) {
  return (
    <Stack gap="lg" data-testid="wizard-complete">
      <Title order={2}>{WIZARD_TEXTS.congrats}</Title>
      <Group>
        <Button component={Link} to={dashboardPath}>
          {WIZARD_TEXTS.goToCoachDashboard}
        </Button>
      </Group>
    </Stack>
  );
}
