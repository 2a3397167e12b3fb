import { ACCOUNT_PAGES as PAGES } from '@course-coach/contracts';
import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** The institution administration pages' links: Users, Audit log, Sign-in settings, LMS (LTI) (the current one marked). */
export function AdminTabs({ institutionId }: { institutionId: number }) {
  const { pathname } = useLocation();
  const links = [
    { to: PAGES.institutionUsers(institutionId), label: 'Users' },
    { to: PAGES.institutionAuditLog(institutionId), label: 'Audit log' },
    { to: PAGES.institutionSignInSettings(institutionId), label: 'Sign-in settings' },
    { to: PAGES.institutionLtiSettings(institutionId), label: 'LMS (LTI)' },
  ];
  return (
    <Group component="nav" aria-label="Administration" gap="md">
      {links.map((l) => {
        const current = pathname.replace(/\/+$/, '') === l.to.replace(/\/+$/, '');
        return (
          <Anchor
            key={l.to}
            component={Link}
            to={l.to}
            aria-current={current ? 'page' : undefined}
            fw={current ? 700 : 400}
          >
            {l.label}
          </Anchor>
        );
      })}
    </Group>
  );
}
