import './mantine.css';
import '@mantine/notifications/styles.css';
import './focus.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals (component tests in jsdom). */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** localStorage key of the colour scheme a user chose with the header's switch (docs/student-experience.md). */
export const COLOR_SCHEME_KEY = 'course-coach-color-scheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * Mantine (theme, notifications) and TanStack Query around the app; shared by main.tsx and the tests.
 * The colour scheme follows the system setting (prefers-color-scheme) until the user picks one with the
 * header's switch, which is kept in localStorage; the tests render light.
 */
export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme={env === 'test' ? 'light' : 'auto'}
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
