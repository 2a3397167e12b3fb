import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** The switch's accessible name; its state is `aria-pressed`. */
export const DARK_MODE_LABEL = 'Dark mode';

/**
 * The header's dark mode switch: a toggle button ("Dark mode", pressed when dark) that sets the colour
 * scheme for this browser (kept in localStorage by the provider's colour scheme manager). Until pressed,
 * the app follows the system setting (prefers-color-scheme).
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const Icon = dark ? IconSun : IconMoon;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={DARK_MODE_LABEL}
      aria-pressed={dark}
      title={dark ? 'Use light colours' : 'Use dark colours'}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      data-testid="color-scheme-toggle"
    >
      <Icon size={18} stroke={2} aria-hidden="true" />
    </ActionIcon>
  );
}
