import { FAQ_TEXTS } from '@course-coach/contracts';
import { Anchor, Text } from '@mantine/core';
import { useSupportEmail } from './faq-queries.ts';

/**
 * The footer line of a coach's pages (docs/faq-checklists.md): "Support: <address>" as a mailto link,
 * when the coach has a support e-mail; nothing otherwise (or while loading, or when it cannot be read).
 */
export function SupportFooter({ coachId, enabled = true }: { coachId: number; enabled?: boolean }) {
  const support = useSupportEmail(coachId, enabled);
  const email = support.data?.support_email;
  if (!email) return null;
  return (
    <Text component="footer" size="sm" mt="xl" pt="md" c="dimmed" data-testid="support-footer">
      {FAQ_TEXTS.footerSupport} <Anchor href={`mailto:${email}`}>{email}</Anchor>
    </Text>
  );
}
