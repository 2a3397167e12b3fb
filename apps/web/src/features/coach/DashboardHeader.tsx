import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle.ts';

export interface HeaderProps {
  /** The coach's label; without it the page is titled "Coach dashboard". */
  label?: string;
  detail?: string;
}

/** A coach dashboard's heading (and the document's title): the coach's label, its course and term. */
export function DashboardHeader({ label, detail }: HeaderProps) {
  usePageTitle(label ?? 'Coach dashboard');
  return (
    <Stack gap={2}>
      {label && (
        <Text size="sm" c="dimmed" fw={500}>
          Coach dashboard
        </Text>
      )}
      <Title order={1}>{label ?? 'Coach dashboard'}</Title>
      {detail && <Text c="dimmed">{detail}</Text>}
    </Stack>
  );
}
