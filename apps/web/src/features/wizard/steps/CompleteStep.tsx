import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { WIZARD_TEXTS } from '../wizard-model.ts';

/** The completion screen (spec §2): 'Congrats! Your coach has been created.' and Go to Coach Dashboard. */
export function CompleteStep({ dashboardPath }: { dashboardPath: string }) {
  return (
    <Stack gap="lg" data-testid="wizard-complete">
      <Title order={2}>{WIZARD_TEXTS.congrats}</Title>
      <Group>
        <Button component={Link} to={dashboardPath}>
          Go to Coach Dashboard
        </Button>
      </Group>
    </Stack>
  );
}
