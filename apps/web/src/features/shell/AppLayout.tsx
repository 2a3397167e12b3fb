import {
  ACCOUNT_PAGES,
  CHARACTERISTICS_TEXTS,
  HOME_PAGES,
  PAGES,
  TAILORING_TEXTS,
} from '@course-coach/contracts';
import {
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NavigationProgress } from '../../components/NavigationProgress.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { PRODUCT_NAME } from '../../components/usePageTitle.ts';
import { coachAccess, loginPathFor, useMe, useSignOut } from '../auth/index.ts';
import { SupportFooter } from '../faq/index.ts';
import { useGradeData } from '../grades/index.ts';
import { GLOSSARY_PATH, GLOSSARY_TEXTS } from '../help/index.ts';
import classes from './AppLayout.module.css';
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx';
import { CourseNav, courseNavItems } from './CourseNav.tsx';
import { CoachSwitcher, CourseSearch, NotificationsBell, PhoneMenu, UserMenu } from './signed-in-parts.tsx';

/** Ends every session of the user (POST /api/v1/auth/logout-all): for a lost phone or a shared computer. */
const SIGN_OUT_EVERYWHERE = 'Sign out everywhere';
/** The header's link to the institution's home page (`/Homepage/{institutionId}`, docs/homepage.md). */
const HOME_LINK = 'Home';

/**
 * The app shell: a header with the product name, the signed-in user's name, a Home link (their
 * institution's home page), a coach switcher (when they
 * have several coaches), links to their institutions and Sign out; the name opens an account menu with
 * "Sign out everywhere"; on phones (768 px and narrower) these
 * move into a menu behind a burger button. On a coach's pages the course menu (CourseNav) sits above the
 * page on wide screens and in the phone menu on phones, and the course search box (features/search) above
 * the page on every screen. The page renders below in `<main>`, followed on a
 * coach's pages by the coach's support e-mail (SupportFooter). The dark mode switch sits at the header's
 * end on every screen (ColorSchemeToggle).
 */
export function AppLayout() {
  const { data: me } = useMe();
  // Notifications come from student enrolments (docs/notifications.md): the header link is for students.
  const isStudent = me?.coaches.some((c) => c.role === 'student') ?? false;
  const signOut = useSignOut();
  const [menuOpen, menu] = useDisclosure(false);
  const location = useLocation();

  // Close the phone menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only.
  useEffect(() => menu.close(), [location.pathname]);

  const institutionLinks = (me?.institutions ?? []).flatMap((inst) => [
    <Anchor
      key={inst.id}
      component={Link}
      to={PAGES.institutionCoachDashboard(inst.id)}
      onClick={menu.close}
      className={classes.navLink}
    >
      {me && me.institutions.length > 1 ? `${inst.name} coaches` : 'Coaches'}
    </Anchor>,
    <Anchor
      key={`characteristics-${inst.id}`}
      component={Link}
      to={PAGES.institutionCharacteristics(inst.id)}
      onClick={menu.close}
      className={classes.navLink}
      data-testid="nav-characteristics"
    >
      {me && me.institutions.length > 1 ? `${inst.name} characteristics` : 'Characteristics'}
    </Anchor>,
    <Anchor
      key={`users-${inst.id}`}
      component={Link}
      to={ACCOUNT_PAGES.institutionUsers(inst.id)}
      onClick={menu.close}
      className={classes.navLink}
      data-testid="nav-administration"
    >
      {me && me.institutions.length > 1 ? `${inst.name} administration` : 'Administration'}
    </Anchor>,
    // The institution's FAQ, shown below every coach's own (docs/faq-checklists.md).
    <Anchor
      key={`faq-${inst.id}`}
      component={Link}
      to={PAGES.institutionFaqManager(inst.id)}
      onClick={menu.close}
      className={classes.navLink}
      data-testid="nav-institution-faq"
    >
      {me && me.institutions.length > 1 ? `${inst.name} FAQ` : 'Institution FAQ'}
    </Anchor>,
  ]);

  // The home page of the user's institution (staff: their first institution; others: their coaches').
  const homeInstitution = me?.institutions[0]?.id ?? me?.coaches[0]?.institution_id;
  const homeLink =
    homeInstitution === undefined ? null : (
      <Anchor
        component={Link}
        to={HOME_PAGES.home(homeInstitution)}
        onClick={menu.close}
        className={classes.navLink}
        data-testid="nav-home"
      >
        {HOME_LINK}
      </Anchor>
    );

  // The coach of the page: every route naming a `:coachId` (its dashboard pages, its message pages and its
  // gradebook pages under `/gradebook/coach/{coachId}/…` alike), never an institution page.
  const params = useParams();
  const navCoachId = location.pathname.startsWith('/Dashboard/Institution/')
    ? null
    : parsePathId(params.coachId);
  // On a coach's pages, its staff and instructors get links to the coach's Insight Groups and characteristics.
  const currentCoachId = navCoachId;
  const access = me && currentCoachId !== null ? coachAccess(me, currentCoachId) : null;
  const tailoringLink =
    currentCoachId !== null && (access === 'staff' || access === 'instructor') ? (
      <Anchor
        component={Link}
        to={PAGES.cohortManager(currentCoachId)}
        onClick={menu.close}
        className={classes.navLink}
        data-testid="nav-insight-groups"
      >
        {TAILORING_TEXTS.insightGroups}
      </Anchor>
    ) : null;
  const characteristicsLink =
    currentCoachId !== null && (access === 'staff' || access === 'instructor') ? (
      <Anchor
        component={Link}
        to={PAGES.characteristicsOverview(currentCoachId)}
        onClick={menu.close}
        className={classes.navLink}
        data-testid="nav-characteristics"
      >
        {CHARACTERISTICS_TEXTS.title}
      </Anchor>
    ) : null;

  // Staff anywhere and instructors get the glossary of the staff screens' words (docs/glossary.md).
  const glossaryLink =
    me && (me.institutions.length > 0 || me.coaches.some((c) => c.role === 'instructor')) ? (
      <Anchor
        component={Link}
        to={GLOSSARY_PATH}
        onClick={menu.close}
        className={classes.navLink}
        data-testid="nav-glossary"
      >
        {GLOSSARY_TEXTS.title}
      </Anchor>
    ) : null;

  const navAccess = me && navCoachId !== null ? coachAccess(me, navCoachId) : 'unknown';
  const grades = useGradeData(navCoachId ?? 0, navAccess === 'student');
  const courseItems =
    navCoachId === null
      ? []
      : courseNavItems(navCoachId, navAccess, { calculatorActive: grades.data?.calculator_active === true });

  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      {/* `right-scroll-bar-position`: react-remove-scroll's class, so that the fixed header keeps its place
          when a modal hides the page's scrollbar (what Mantine's AppShell header did). */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        <NavigationProgress />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
          <Anchor component={Link} to="/" className={classes.brand} underline="never">
            {PRODUCT_NAME}
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            {me ? (
              <>
                <Group visibleFrom="sm" gap="md" wrap="nowrap" component="nav" aria-label="Main">
                  {homeLink}
                  <CoachSwitcher />
                  {tailoringLink}
                  {characteristicsLink}
                  {institutionLinks}
                  {glossaryLink}
                  {isStudent && <NotificationsBell />}
                  <UserMenu
                    name={me.user.name}
                    email={me.user.email}
                    className={classes.userName}
                    signOutEverywhereLabel={SIGN_OUT_EVERYWHERE}
                    onSignOutEverywhere={() => signOut.mutate('everywhere')}
                    signingOut={signOut.isPending}
                  />
                  <Button
                    variant="default"
                    size="sm"
                    onClick={() => signOut.mutate('this-device')}
                    loading={signOut.isPending}
                  >
                    Sign out
                  </Button>
                </Group>
                <Group hiddenFrom="sm" gap="sm" wrap="nowrap">
                  {isStudent && <NotificationsBell />}
                  <Burger
                    opened={menuOpen}
                    onClick={menu.toggle}
                    aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                    aria-expanded={menuOpen}
                    aria-controls="phone-menu"
                  />
                </Group>
              </>
            ) : (
              me === null && (
                <Anchor component={Link} to={loginPathFor(`${location.pathname}${location.search}`)} fw={500}>
                  Sign in
                </Anchor>
              )
            )}
            <ColorSchemeToggle />
          </Group>
        </Group>
      </header>

      {me && (
        <PhoneMenu opened={menuOpen} onClose={menu.close}>
          <Stack gap="md" component="nav" aria-label="Main">
            <div>
              <Text size="sm" c="dimmed">
                Signed in as
              </Text>
              <Text fw={500}>{me.user.name}</Text>
              <Text size="sm" c="dimmed" className={classes.email}>
                {me.user.email}
              </Text>
            </div>
            {homeLink}
            <CoachSwitcher withLabel onSwitch={menu.close} />
            <CourseNav items={courseItems} layout="list" onNavigate={menu.close} />
            {tailoringLink}
            {characteristicsLink}
            {institutionLinks}
            {glossaryLink}
            <Anchor
              component={Link}
              to={ACCOUNT_PAGES.account}
              onClick={menu.close}
              className={classes.navLink}
            >
              Account
            </Anchor>
            <Divider />
            <UnstyledButton
              component="button"
              onClick={() => signOut.mutate('this-device')}
              className={classes.menuButton}
              disabled={signOut.isPending}
            >
              Sign out
            </UnstyledButton>
            <UnstyledButton
              component="button"
              onClick={() => signOut.mutate('everywhere')}
              className={classes.menuButton}
              disabled={signOut.isPending}
            >
              {SIGN_OUT_EVERYWHERE}
            </UnstyledButton>
          </Stack>
        </PhoneMenu>
      )}

      <main id="main" tabIndex={-1} className={classes.main}>
        <Container size="lg" p={0}>
          <Box visibleFrom="sm">
            <CourseNav items={courseItems} layout="bar" />
          </Box>
          {navCoachId !== null && courseItems.length > 0 && (
            <Group justify="flex-end" mb="sm" role="search" aria-label="Course search">
              <CourseSearch key={navCoachId} coachId={navCoachId} />
            </Group>
          )}
          {/* The page's chunk loading on a first visit: the shell is already there (routes/page.ts). */}
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
          {navCoachId !== null && <SupportFooter coachId={navCoachId} enabled={navAccess !== 'unknown'} />}
        </Container>
      </main>
    </>
  );
}
