import { MESSAGES } from '@course-coach/contracts';
import { useEffect, useState } from 'react';
import classes from './NavigationProgress.module.css';
import { useNavigationPending } from './navigation.tsx';

/** How long a navigation may be pending before the bar shows (ms): a page already loaded shows no flash. */
export const NAVIGATION_PROGRESS_DELAY_MS = 200;

/**
 * The sign that a followed link was taken while the next page's code loads (the current page stays on
 * screen meanwhile: components/navigation.tsx): after {@link NAVIGATION_PROGRESS_DELAY_MS} of a pending
 * navigation, a thin bar along the bottom of the positioned element it sits in (the header) and the spec's
 * 'Loading...' in a polite status region for screen readers (WCAG 4.1.3 Status Messages). Nothing while no
 * navigation is pending, or outside a TransitionRouter.
 */
export function NavigationProgress() {
  const pending = useNavigationPending();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), NAVIGATION_PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  // The status region is there from the navigation's start, empty, so that its text is announced when it
  // comes; it is gone between navigations (a page's own status messages stay the only ones).
  if (!pending) return null;
  return (
    <>
      {shown && <div className={classes.bar} aria-hidden="true" data-testid="navigation-progress" />}
      <span role="status" className={classes.hidden}>
        {shown ? MESSAGES.loading : ''}
      </span>
    </>
  );
}
