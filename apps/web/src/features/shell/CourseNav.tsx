import {
  EMAIL_PAGES,
  HOME_PAGES,
  MY_DATA_PAGES,
  PAGES,
  PLAYBOOK_PLAN_PAGES,
  SURVEY_PAGES,
} from '@course-coach/contracts';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { CoachAccess } from '../auth/index.ts';
import classes from './CourseNav.module.css';

/** Labels of the course menu (ours; the page titles they open are the pages' own). */
export const COURSE_NAV_TEXTS = {
  label: 'Course',
  dashboard: 'Dashboard',
  bulletins: 'Bulletins',
  todos: 'To-Dos',
  tips: 'Tips',
  faq: 'FAQ',
  surveys: 'Surveys',
  playbooks: 'Playbooks',
  grades: 'Grades',
  gradeCalculator: 'Grade Calculator',
  activity: 'Activity',
  engagement: 'My engagement',
  history: 'History',
  pictures: 'Testimonial picture',
  myData: 'My data',
  privacy: 'Student privacy',
  manageBulletins: 'Bulletins',
  manageEmails: 'Emails',
  manageSurveys: 'Surveys',
  manageTodos: 'To-do lists',
  manageTips: 'Tips',
  manageTestimonials: 'Testimonials',
  manageFaq: 'FAQ',
  manageChecklist: 'Checklist',
  trash: 'Trash',
} as const;

/** One entry of the course menu: its label and the page path it opens. */
export interface CourseNavItem {
  label: string;
  to: string;
}

/**
 * The course menu of a coach, like a learning platform's: a student's pages of the coach (dashboard,
 * bulletins, to-dos, tips, the FAQ, surveys, playbooks, grades, the Grade Calculator when the coach's
 * `calculator_active` (spec §3 grade data), activity, their engagement (docs/engagement.md), history, their
 * testimonial picture, My data); for the coach's instructors and staff, the dashboard, the content managers
 * and the student privacy settings. Empty for someone with no part in it.
 */
export function courseNavItems(
  coachId: number,
  access: CoachAccess,
  { calculatorActive = false }: { calculatorActive?: boolean } = {},
): CourseNavItem[] {
  const t = COURSE_NAV_TEXTS;
  if (access === 'student') {
    return [
      { label: t.dashboard, to: PAGES.coachDetails(coachId) },
      { label: t.bulletins, to: PAGES.bulletins(coachId) },
      { label: t.todos, to: PAGES.todos(coachId) },
      { label: t.tips, to: PAGES.tips(coachId) },
      { label: t.faq, to: PAGES.faq(coachId) },
      { label: t.surveys, to: SURVEY_PAGES.list(coachId) },
      { label: t.playbooks, to: PLAYBOOK_PLAN_PAGES.list(coachId) },
      { label: t.grades, to: PAGES.grades(coachId) },
      ...(calculatorActive ? [{ label: t.gradeCalculator, to: PAGES.gradeCalculator(coachId) }] : []),
      { label: t.activity, to: PAGES.activity(coachId) },
      { label: t.engagement, to: HOME_PAGES.myEngagement(coachId) },
      { label: t.history, to: PAGES.history(coachId) },
      { label: t.pictures, to: PAGES.images(coachId) },
      { label: t.myData, to: MY_DATA_PAGES.myData(coachId) },
    ];
  }
  if (access === 'staff' || access === 'instructor') {
    return [
      { label: t.dashboard, to: PAGES.coachDetails(coachId) },
      { label: t.manageBulletins, to: PAGES.bulletinManager(coachId) },
      { label: t.manageEmails, to: EMAIL_PAGES.manager(coachId) },
      { label: t.manageSurveys, to: SURVEY_PAGES.manager(coachId) },
      { label: t.manageTodos, to: PAGES.todoManager(coachId) },
      { label: t.manageTips, to: PAGES.tipManager(coachId) },
      { label: t.manageTestimonials, to: PAGES.testimonialManager(coachId) },
      { label: t.privacy, to: MY_DATA_PAGES.privacySettings(coachId) },
      { label: t.manageFaq, to: PAGES.faqManager(coachId) },
      { label: t.manageChecklist, to: PAGES.checklistManager(coachId) },
      { label: t.trash, to: PAGES.trash(coachId) },
    ];
  }
  return [];
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether `pathname` is the item's page or one below it (a survey under Surveys), trailing slash or not. */
export function isCurrentItem(item: CourseNavItem, pathname: string): boolean {
  const here = trimSlash(pathname);
  const page = trimSlash(item.to);
  return here === page || here.startsWith(`${page}/`);
}

/**
 * The course menu as links (`<nav aria-label="Course">`), the current page marked with
 * `aria-current="page"`. `layout` "bar": one scrollable row above the page (wide screens); "list": a
 * column in the phone menu. `onNavigate` runs after a link is followed (the phone menu closes).
 */
export function CourseNav({
  items,
  layout,
  onNavigate,
}: {
  items: CourseNavItem[];
  layout: 'bar' | 'list';
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  const links = items.map((item) => {
    const current = isCurrentItem(item, pathname);
    return (
      <Anchor
        key={item.to}
        component={Link}
        to={item.to}
        onClick={onNavigate}
        aria-current={current ? 'page' : undefined}
        className={layout === 'bar' ? classes.barLink : classes.listLink}
        data-current={current || undefined}
        underline="never"
      >
        {item.label}
      </Anchor>
    );
  });
  if (layout === 'list') {
    return (
      <Stack gap={4} component="nav" aria-label={COURSE_NAV_TEXTS.label} data-testid="course-nav-list">
        <Text size="sm" c="dimmed">
          {COURSE_NAV_TEXTS.label}
        </Text>
        {links}
      </Stack>
    );
  }
  return (
    <nav aria-label={COURSE_NAV_TEXTS.label} className={classes.bar} data-testid="course-nav">
      <Group gap={4} wrap="nowrap">
        {links}
      </Group>
    </nav>
  );
}
