import { EMAIL_PAGES, IMAGES_PAGE_TEXTS, PAGES, SURVEY_PAGES } from '@course-coach/contracts';
import { Anchor, Card, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

export const SIDEBAR_LINK_TEXTS = {
  title: 'More in this coach',
  todos: 'All to-dos',
  tips: 'All tips',
  manageTodos: 'Manage to-do lists',
  manageTips: 'Manage tips',
  bulletins: 'All bulletins',
  manageBulletins: 'Manage bulletins',
  surveys: 'Surveys',
  manageEmails: 'Manage emails',
  manageSurveys: 'Manage surveys',
  manageTestimonials: 'Manage testimonials',
  grades: 'Your grades',
} as const;

/** Links from the dashboard sidebar to the to-do, tip and picture pages (and, for staff, their managers). */
export function SidebarLinks({ coachId, canManage }: { coachId: number; canManage: boolean }) {
  const titleId = useId();
  const links: Array<[string, string]> = [
    [SIDEBAR_LINK_TEXTS.todos, PAGES.todos(coachId)],
    [SIDEBAR_LINK_TEXTS.tips, PAGES.tips(coachId)],
    [IMAGES_PAGE_TEXTS.title, PAGES.images(coachId)],
    [SIDEBAR_LINK_TEXTS.bulletins, PAGES.bulletins(coachId)],
    ...(canManage
      ? []
      : ([[SIDEBAR_LINK_TEXTS.surveys, SURVEY_PAGES.list(coachId)]] as Array<[string, string]>)),
    ...(canManage
      ? ([
          [SIDEBAR_LINK_TEXTS.manageTodos, PAGES.todoManager(coachId)],
          [SIDEBAR_LINK_TEXTS.manageTips, PAGES.tipManager(coachId)],
          [SIDEBAR_LINK_TEXTS.manageBulletins, PAGES.bulletinManager(coachId)],
          [SIDEBAR_LINK_TEXTS.manageEmails, EMAIL_PAGES.manager(coachId)],
          [SIDEBAR_LINK_TEXTS.manageSurveys, SURVEY_PAGES.manager(coachId)],
          [SIDEBAR_LINK_TEXTS.manageTestimonials, PAGES.testimonialManager(coachId)],
        ] as Array<[string, string]>)
      : []),
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="nav" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {SIDEBAR_LINK_TEXTS.title}
        </Title>
        {links.map(([label, to]) => (
          <Anchor key={to} component={Link} to={to}>
            {label}
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}
