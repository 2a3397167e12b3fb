import { FAQ_TEXTS, PAGES } from '@course-coach/contracts';
import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useMe } from '../auth/index.ts';
import { FaqListEditor } from './FaqListEditor.tsx';
import { useCoachFaq, useSupportEmailMutation } from './faq-api.ts';

/** The support e-mail field: saved on submit, '' clears it; field errors from the server under it. */
function SupportEmailForm({ coachId, initial }: { coachId: number; initial: string }) {
  const [email, setEmail] = useState(initial);
  const save = useSupportEmailMutation(coachId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(email);
  };
  const fieldError = isApiError(save.error, 400)
    ? save.error.fieldErrors.support_email?.join(' ')
    : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          type="email"
          label={FAQ_TEXTS.supportEmailLabel}
          description="Shown on the FAQ page and at the foot of the coach’s pages. Leave empty to show none."
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError}
          maw={420}
          data-testid="support-email"
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={save.isPending}>
            Save e-mail
          </Button>
          {save.isSuccess && (
            <Text size="sm" role="status">
              Saved.
            </Text>
          )}
          {save.error && !fieldError ? (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {errorMessage(save.error)}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/FAQManager/` (docs/faq-checklists.md): the coach's staff edit its support
 * e-mail and its course FAQ (questions, rich-text answers, order, deletion).
 */
export function FaqManagerPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(FAQ_TEXTS.managerTitle);
  const faq = useCoachFaq(coachId ?? 0);
  const { data: me } = useMe();
  if (coachId === null) return <NotFoundPage />;
  // Institution staff also edit the FAQ every coach of their institution shows.
  const institutions = me?.institutions ?? [];
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{FAQ_TEXTS.managerTitle}</Title>
      <Card withBorder padding="md">
        {faq.data ? (
          <SupportEmailForm coachId={coachId} initial={faq.data.support_email ?? ''} />
        ) : (
          <Text size="sm">{faq.isError ? errorMessage(faq.error) : 'Loading…'}</Text>
        )}
      </Card>
      <Title order={2} size="h3">
        {FAQ_TEXTS.courseHeading}
      </Title>
      <FaqListEditor scope={{ kind: 'coach', coachId }} />
      {institutions.map((inst) => (
        <Anchor key={inst.id} component={Link} to={PAGES.institutionFaqManager(inst.id)}>
          Edit the FAQ of {inst.name} (shown by all its coaches)
        </Anchor>
      ))}
    </Stack>
  );
}
