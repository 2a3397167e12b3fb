import { Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../components/usePageTitle.ts';

/** The signed-out pages' frame (as the sign-in page): the product name, a heading and a card. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main">
      <Container size={440} w="100%" p={0}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <Text fw={700} size="xl" c="var(--cc-text-accent)">
              {PRODUCT_NAME}
            </Text>
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
          </Stack>
          <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
            {children}
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}
