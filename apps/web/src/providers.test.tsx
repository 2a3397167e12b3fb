import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdFirstContent, resetFirstContent } from './components/first-content.ts';
import { AppProviders } from './providers.tsx';

describe('AppProviders: the notifications container loaded after the first screen', () => {
  afterEach(() => resetFirstContent());

  it('shows a notification shown before its container has loaded, and later ones too', async () => {
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <p>First screen</p>
      </AppProviders>,
    );
    expect(screen.getByText('First screen')).toBeInTheDocument();
    act(() => {
      notifications.show({ message: 'You have signed out everywhere.' });
    });
    expect(await screen.findByText('You have signed out everywhere.')).toBeInTheDocument();
    act(() => {
      notifications.show({ message: 'Moved to the Trash.' });
    });
    expect(await screen.findByText('Moved to the Trash.')).toBeInTheDocument();
  });

  it('loads the container once the browser is idle, with no notification yet', async () => {
    const { container } = render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <p>First screen</p>
      </AppProviders>,
    );
    // Mantine's container (a div with the Notifications root class): not in the first render, then loaded.
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    await vi.waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
    expect(container).toHaveTextContent('First screen');
  });

  it('waits for the first content while a page that will show it is on its way, idle moments or not', async () => {
    const release = holdFirstContent();
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <p>Loading the dashboard</p>
      </AppProviders>,
    );
    // Idle moments pass (the dashboard's answers are on their way): the container stays out.
    await new Promise((r) => setTimeout(r, 300));
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => release());
    await vi.waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
  });
});
