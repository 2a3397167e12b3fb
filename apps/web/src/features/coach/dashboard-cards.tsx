import { CardSkeleton } from '../../components/CardSkeleton.tsx';
import { lazyComponent } from '../../components/lazy-component.tsx';

/*
 * The coach dashboard's cards below the first useful content (docs/student-experience.md "First useful
 * content"; docs/architecture.md "Keeping the first load small"), each loaded as its own chunk when first
 * rendered: the carousel of tips (embla), the bulletins (DOMPurify, paging), the charts (d3-scale), the
 * history (date-fns), the activity figures, testimonials, the getting-started checklist and, for staff, the
 * instructor home. The grade card and the to-dos card are imported statically by the page, so they never
 * wait for these chunks. While a chunk loads, a card skeleton of about its size stands in its place.
 */

/** The tips carousel (features/tips), loaded on first render. */
export const TipsCard = lazyComponent(
  async () => (await import('../tips/index.ts')).TipsCard,
  <CardSkeleton height={120} />,
);
/** The bulletins card (features/bulletins), loaded on first render. */
export const BulletinList = lazyComponent(
  async () => (await import('../bulletins/index.ts')).BulletinList,
  <CardSkeleton lines={3} />,
);
/** The class grade charts (features/charts), loaded on first render. */
export const GradeCharts = lazyComponent(
  async () => (await import('../charts/index.ts')).GradeCharts,
  <CardSkeleton height={200} />,
);
/** The completion history (features/history), loaded on first render. */
export const CompletionHistory = lazyComponent(
  async () => (await import('../history/index.ts')).CompletionHistory,
  <CardSkeleton lines={5} />,
);
/** The activity figures (features/analytics), loaded on first render. */
export const ActivityCards = lazyComponent(async () => (await import('../analytics/index.ts')).ActivityCards);
/** The featured testimonials (features/testimonials), loaded on first render. */
export const FeaturedTestimonials = lazyComponent(
  async () => (await import('../testimonials/index.ts')).FeaturedTestimonials,
);
/** The getting-started checklist (features/checklists), loaded on first render. */
export const GettingStartedCard = lazyComponent(
  async () => (await import('../checklists/index.ts')).GettingStartedCard,
);
/** The instructor home for staff and instructors (features/instructor-home), loaded on first render. */
export const InstructorHome = lazyComponent(
  async () => (await import('../instructor-home/index.ts')).InstructorHome,
  <CardSkeleton lines={4} />,
);

/**
 * Starts loading the student dashboard’s cards below the first useful content, so that their chunks arrive
 * beside the dashboard's `rest` answers instead of after them.
 */
export function preloadStudentCards(): void {
  for (const card of [
    TipsCard,
    BulletinList,
    GradeCharts,
    CompletionHistory,
    ActivityCards,
    FeaturedTestimonials,
    GettingStartedCard,
  ]) {
    card.preload();
  }
}
