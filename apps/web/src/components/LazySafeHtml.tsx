import { noStyles } from '../later-styles.ts';
import { lazyComponent } from './lazy-component.tsx';

/**
 * `SafeHtml` with DOMPurify loaded on first use (docs/architecture.md "Keeping the first load small"):
 * for cards of the first screen (the dashboard's to-dos) that show HTML only when an item has some. Renders
 * nothing until the sanitiser has loaded; never renders HTML unsanitised; waits for no stylesheet (it renders
 * no @mantine/core component). Same props as `SafeHtml`.
 */
export const LazySafeHtml = lazyComponent(
  async () => (await import('./SafeHtml.tsx')).SafeHtml,
  null,
  noStyles,
);
