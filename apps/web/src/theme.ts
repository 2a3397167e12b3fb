import {
  type CSSVariablesResolver,
  createTheme,
  type MantineThemeComponent,
  type ModalProps,
  type TabsProps,
} from '@mantine/core';

/**
 * Mantine theme. Colours are chosen for WCAG AA contrast on white: the primary shade is blue 8
 * (5.0:1 with white text, where Mantine's default shade 6 is only 3.6:1) and "dimmed" text is gray 7
 * (8.2:1 instead of 3.3:1). The dark scheme keeps blue 8 for filled controls (white text on blue 4 would be
 * 2.5:1); its links are Mantine's blue 4 (7.2:1 on dark 7). The `sm` breakpoint is 769 px so that "wide" means above 768 px (spec §9).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  breakpoints: {
    xs: '36em',
    sm: '48.0625em',
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
  focusRing: 'auto',
  // Plain objects, not `Modal.extend(…)`: `extend` only returns its argument, and naming `Modal` here put the
  // Modal, its ScrollArea and all of floating-ui in the first load of every page (docs/architecture.md
  // "Keeping the first load small").
  components: {
    // Every dialog's close button needs an accessible name (Mantine's has none by default).
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps>,
    } satisfies MantineThemeComponent,
    // A badge is as wide as its words: Mantine's badge may shrink and cut its label off with an ellipsis
    // ("SCHEDU…") in a table column; a wide table scrolls sideways in its ScrollTable instead.
    Badge: {
      styles: { root: { minWidth: 'max-content' } },
    } satisfies MantineThemeComponent,
    // Only the chosen tab's panel holds its content. Mantine keeps inactive panels mounted by default,
    // inside a hidden React Activity whose updates wait: a tab left behind kept its content in the page
    // (hidden) after a switch, so the bulletin list held each card twice.
    Tabs: {
      defaultProps: { keepMounted: false } satisfies Partial<TabsProps>,
    } satisfies MantineThemeComponent,
  },
});

/**
 * Overrides Mantine's low-contrast "dimmed" and error text colours, and defines the app's own colour
 * variables, in both schemes (docs/student-experience.md, "Dark mode"): every text colour has at least
 * 4.5:1 on the body and card colours of its scheme (white; dark 7 #242424 and dark 6 #2e2e2e).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    // Field error text and borders: red 9 (5.5:1) instead of red 6 (3.4:1).
    '--mantine-color-error': t.colors.red[9],
    '--cc-chart-highlight': t.colors.orange[9],
    '--cc-chart-line': t.colors.blue[9],
    '--cc-text-accent': t.colors.blue[9],
    '--cc-text-star': t.colors.yellow[9],
    '--cc-text-success': t.colors.teal[9],
  },
  dark: {
    // dark 1 #c9c9c9: 9.6:1 on dark 7 (Mantine's dark 2 is 5.5:1 but only 4.4:1 on a striped row).
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-error': t.colors.red[4],
    '--cc-chart-highlight': t.colors.orange[4],
    '--cc-chart-line': t.colors.blue[4],
    '--cc-text-accent': t.colors.blue[3],
    '--cc-text-star': t.colors.yellow[4],
    '--cc-text-success': t.colors.teal[4],
  },
});
