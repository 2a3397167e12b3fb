import {
  API,
  BULLETIN_UI_TEXTS,
  CHART_TEXTS,
  type CoachDashboardGroup,
  coachDashboardPartPaths,
  DASHBOARD_ENDPOINTS,
  HISTORY_TEXTS,
  MESSAGES,
  type Me,
  TIP_TEXTS,
  TODO_TEXTS,
} from '@course-coach/contracts';
import { Grid, Stack, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { expectAnswers, primeAnswers } from '../../api/answers-ahead.ts';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { CardSkeleton } from '../../components/CardSkeleton.tsx';
import { CollapsibleSection, useCollapsedSections } from '../../components/CollapsibleSection.tsx';
import { useAfterFirstContent, useFirstContentShown } from '../../components/first-content.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { lazyComponent } from '../../components/lazy-component.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import { GRADE_CARD_TEXTS, GradeCard, gradeDataQuery } from '../grades/index.ts';
import { SidebarLinks, TodoCard, todoListPageQuery } from '../todos/index.ts';
import { DashboardHeader } from './DashboardHeader.tsx';
import {
  ActivityCards,
  BulletinList,
  CompletionHistory,
  FeaturedTestimonials,
  GettingStartedCard,
  GradeCharts,
  InstructorHome,
  preloadStudentCards,
  TipsCard,
} from './dashboard-cards.tsx';

/** Note for staff and instructors on a coach dashboard, where students see their grade progress. */
export const STAFF_GRADE_NOTE =
  'Grade progress is shown to students on this page. Staff and instructors have no grades in a coach, so there is none to show you here.';

/** A staff member's view of the coach (StaffCoachDashboard), loaded for staff only. */
const LazyStaffCoachDashboard = lazyComponent(
  async () => (await import('./StaffCoachDashboard.tsx')).StaffCoachDashboard,
  <LoadingState />,
);

/**
 * The student dashboard's foldable sections (docs/student-experience.md): each a disclosure remembered
 * per user; while the one dashboard request is under way, a skeleton of the card stands in its place.
 */
type SectionKey = 'grade' | 'todos' | 'bulletins' | 'tips' | 'charts' | 'history';
const SECTION_TITLES: Record<SectionKey, string> = {
  grade: GRADE_CARD_TEXTS.title,
  todos: TODO_TEXTS.cardTitle,
  bulletins: BULLETIN_UI_TEXTS.title,
  tips: TIP_TEXTS.cardTitle,
  charts: CHART_TEXTS.gradeChartsTitle,
  history: HISTORY_TEXTS.title,
};
/** Skeleton sizes per section: about the card's loaded height, so the page does not jump. */
const SKELETONS: Record<SectionKey, { lines?: number; height?: number }> = {
  grade: { height: 72 },
  todos: { lines: 4 },
  bulletins: { lines: 3 },
  tips: { height: 120 },
  charts: { height: 200 },
  history: { lines: 5 },
};

type SectionRenderer = (key: SectionKey, card: ReactNode) => ReactNode;
/** The sections whose cards read the `first` group of the dashboard request; the others read `rest`. */
const FIRST_SECTIONS: ReadonlySet<SectionKey> = new Set(['grade', 'todos']);

function useSections(
  userId: number,
  ready: Record<CoachDashboardGroup, boolean>,
  foldable: boolean,
): SectionRenderer {
  const { isCollapsed, toggle } = useCollapsedSections(userId);
  return (key, card) => {
    const content = ready[FIRST_SECTIONS.has(key) ? 'first' : 'rest'] ? (
      card
    ) : (
      <CardSkeleton {...SKELETONS[key]} />
    );
    if (!foldable) return content;
    return (
      <CollapsibleSection
        key={key}
        title={SECTION_TITLES[key]}
        collapsed={isCollapsed(key)}
        onToggle={() => toggle(key)}
        data-testid={`section-${key}`}
      >
        {content}
      </CollapsibleSection>
    );
  };
}

/**
 * The dashboard's two columns: the main cards, and the sidebar with the student widgets that work in
 * sidebar mode (To-Dos opens its modal here). Students act on them; staff and instructors read them.
 */
function DashboardColumns({
  coachId,
  canAct,
  ready,
  section,
  children,
}: {
  coachId: number;
  canAct: boolean;
  ready: boolean;
  section: SectionRenderer;
  children: ReactNode;
}) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Stack gap="lg">{children}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Stack gap="lg" data-testid="dashboard-sidebar">
          {canAct && ready && <GettingStartedCard coachId={coachId} />}
          {section('tips', <TipsCard coachId={coachId} />)}
          {section('todos', <TodoCard coachId={coachId} mode="sidebar" canAct={canAct} />)}
          {ready && <SidebarLinks coachId={coachId} canManage={!canAct} />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * Puts the `first` group's answers (grade data, the first page of to-do lists) into the cards' own queries
 * (keys and schemas of `gradeDataQuery` and `todoListPageQuery`), so that the grade card and the to-do card
 * render with their content in the same commit that ends their skeletons, before the `rest` cards take the
 * main thread. Only parts that came back 2xx (the primed ones): for any other, the card asks itself, as
 * before. Resolves when both are in the cache (prefetchQuery never rejects).
 */
function fillFirstGroup(
  queryClient: QueryClient,
  coachId: number,
  parts: ReadonlyArray<{ path: string; status: number }>,
): Promise<unknown> {
  const primed = new Set(parts.filter((p) => p.status >= 200 && p.status < 300).map((p) => p.path));
  return Promise.all([
    primed.has(API.gradeData(coachId)) ? queryClient.prefetchQuery(gradeDataQuery(coachId)) : null,
    primed.has(`${API.todoLists(coachId)}?page=1`)
      ? queryClient.prefetchQuery(todoListPageQuery(coachId, 1))
      : null,
  ]);
}

/**
 * Fetches one group of a student's dashboard answers (GET …/dashboard?parts=) and primes them for the
 * cards' own queries (`api/answers-ahead.ts`); the `first` group's are also put into those queries
 * (`fillFirstGroup`). Settled (success or not) when the group's cards may render: on failure each card
 * calls its endpoint itself, as before.
 */
function useDashboardGroup(coachId: number, group: CoachDashboardGroup, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['coach-dashboard', coachId, group] as const,
    queryFn: async ({ signal }) => {
      const answers = callEndpoint(
        DASHBOARD_ENDPOINTS.dashboard,
        { params: { coachId }, query: { parts: group } },
        signal,
      ).then((d) => {
        primeAnswers(d.parts);
        return d.parts;
      });
      // Other queries of these paths (the course menu's grade data) wait for this request, not the network.
      expectAnswers(coachDashboardPartPaths(coachId, group), answers);
      const parts = await answers;
      if (group === 'first') await fillFirstGroup(queryClient, coachId, parts);
      return true;
    },
    enabled,
    retry: false,
  });
  return !enabled || !query.isPending;
}

/**
 * The dashboard's answers in two requests sent at once (docs/decisions/0006-coach-dashboard-in-one-request.md):
 * `first` (grade card, to-dos) and `rest`, so the first useful content shows as soon as its own parts are
 * in, not after the slowest analytics; `rest` is settled when nothing is left to wait for and the first
 * content has been painted.
 */
function useDashboardPrimed(coachId: number, enabled: boolean): Record<CoachDashboardGroup, boolean> {
  const first = useDashboardGroup(coachId, 'first', enabled);
  const rest = useDashboardGroup(coachId, 'rest', enabled);
  // The cards' code loads once the first content is in, beside the rest's answers rather than after them.
  useEffect(() => {
    if (enabled && first) preloadStudentCards();
  }, [enabled, first]);
  // The rest's cards render after the first content was painted (components/first-content.ts), even when
  // their answers came first: rendered in the same commit, they would hold back the grade card's paint.
  const painted = useAfterFirstContent();
  return { first, rest: first && rest && painted };
}

/**
 * `/Dashboard/Coach/{coachId}/CoachDetails/`: the coach dashboard. Students see their Grade visualization
 * card (on phones in one column: grade progress, to-dos, bulletins, tips, then testimonials, activity,
 * charts and history); instructors and staff see the instructor home (docs/instructor-home.md).
 */
export function CoachDashboardPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const { data: me } = useMe();
  if (coachId === null || !me) return <NotFoundPage />;

  const access = coachAccess(me, coachId);
  const enrolled = me.coaches.find((c) => c.id === coachId);
  return (
    <CoachDashboard
      coachId={coachId}
      userId={me.user.id}
      access={access}
      enrolled={enrolled}
      institutionIds={me.institutions.map((i) => i.id)}
    />
  );
}

function CoachDashboard({
  coachId,
  userId,
  access,
  enrolled,
  institutionIds,
}: {
  coachId: number;
  userId: number;
  access: ReturnType<typeof coachAccess>;
  enrolled: Me['coaches'][number] | undefined;
  institutionIds: number[];
}) {
  const groups = useDashboardPrimed(coachId, access === 'student');
  const ready = groups.rest;
  const student = access === 'student';
  // The grade card and the to-dos (a student's), or the staff's page itself, are this page's first content.
  useFirstContentShown(!student || groups.first);
  const section = useSections(userId, groups, student);
  // Phones (narrower than Mantine's `sm`, 48em) get one column in the order a student acts on.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  if (access === 'staff') {
    return <LazyStaffCoachDashboard key={coachId} coachId={coachId} institutionIds={institutionIds} />;
  }
  if (access === 'instructor') {
    return (
      <Stack gap="lg">
        <DashboardHeader
          label={enrolled?.label}
          detail={enrolled ? `Course ${enrolled.course} · Term ${enrolled.term}` : undefined}
        />
        <InstructorHome key={coachId} coachId={coachId} />
        <GradeCharts coachId={coachId} />
      </Stack>
    );
  }
  const history = <CompletionHistory coachId={coachId} coachLabel={enrolled?.label} pageLink />;
  return (
    <Stack gap="lg" aria-busy={!ready}>
      <DashboardHeader
        label={enrolled?.label}
        detail={enrolled ? `Course ${enrolled.course} · Term ${enrolled.term}` : undefined}
      />
      {!ready && <VisuallyHidden role="status">{MESSAGES.loading}</VisuallyHidden>}
      {student && phone ? (
        // Phone: what a student acts on first (grade progress, to-dos, bulletins), then tips, then the rest.
        <Stack gap="lg" key={coachId} data-testid="dashboard-phone">
          {section('grade', <GradeCard coachId={coachId} pageLink />)}
          {ready && <GettingStartedCard coachId={coachId} />}
          {section('todos', <TodoCard coachId={coachId} mode="sidebar" canAct />)}
          {section('bulletins', <BulletinList context={{ coachId }} />)}
          {section('tips', <TipsCard coachId={coachId} />)}
          {ready && <FeaturedTestimonials coachId={coachId} />}
          {ready && <ActivityCards coachId={coachId} />}
          {section('charts', <GradeCharts coachId={coachId} />)}
          {section('history', history)}
        </Stack>
      ) : (
        <DashboardColumns key={coachId} coachId={coachId} canAct={student} ready={ready} section={section}>
          {section('grade', <GradeCard key={coachId} coachId={coachId} pageLink={student} />)}
          {student && ready && <FeaturedTestimonials coachId={coachId} />}
          {student && section('bulletins', <BulletinList context={{ coachId }} />)}
          {student && ready && <ActivityCards coachId={coachId} />}
          {student && section('charts', <GradeCharts coachId={coachId} />)}
          {student && section('history', history)}
        </DashboardColumns>
      )}
    </Stack>
  );
}
