import './mantine.css';
import '@mantine/notifications/styles.css';
import './focus.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useAfterFirstContent } from './components/first-content.ts';
import { loadLaterStyles } from './later-styles.ts';
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
      // Every theme variable in the provider's own <style>, the defaults included, instead of only those
      // that differ from default-css-variables.css, which the first load then does not carry (mantine.css).
      deduplicateCssVariables={false}
      defaultColorScheme={env === 'test' ? 'light' : 'auto'}
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Mantine's notifications container (with react-transition-group and react-remove-scroll), in its own chunk. */
const Notifications = lazy(() =>
  Promise.all([import('./notifications-container.tsx'), loadLaterStyles()]).then(([m]) => ({
    default: m.Notifications,
  })),
);

/** Calls `then` once the browser is idle (at the latest after `timeout` ms); returns the cancel function. */
function whenIdle(then: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(then, 1);
  return () => window.clearTimeout(id);
}

/**
 * The notifications container (top right), loaded once the first content is shown (the gate of
 * components/first-content.ts) and then the browser is idle, or at once when a notification is shown
 * before that (it then shows the notifications already in the store): no page shows a notification on its
 * first screen, so its code stays out of the first load and out of the dashboard's first content, which an
 * idle moment while its answers are on their way would otherwise let it into (docs/architecture.md
 * "Keeping the first load small"). Mounted for good once wanted.
 */
function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const afterFirstContent = useAfterFirstContent();
  const [idle, setIdle] = useState(false);
  const wanted = useRef(false);
  useEffect(() => (afterFirstContent ? whenIdle(() => setIdle(true)) : undefined), [afterFirstContent]);
  if (idle || notifications.length > 0 || queue.length > 0) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
