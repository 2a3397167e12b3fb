import {
  AUDIENCE_TEXTS,
  type AudienceKind,
  type AudienceStudent,
  publishStateText,
} from '@course-coach/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { type DraftTargeting, useAudience, useAudiencePreview, useSaveExclusions } from './audience-api.ts';

export type { DraftTargeting } from './audience-api.ts';

/**
 * "Who sees this" (docs/bulletins.md, docs/emails-surveys.md): the audience panel of the bulletin, e-mail
 * and survey editors. For a saved item: the publish state and the targeting rule in words, the live count
 * and a page of the students who will receive it, each with Exclude (saved at once), the excluded students
 * with Include again, and a preview of the item as any one of them. A new item: save it first.
 * `draft`: the form's current targeting (group or wiring) when it differs from the saved one; the count and
 * list follow it live, before Save (docs/bulletins.md "Who sees this").
 */
export function AudiencePanel({
  coachId,
  kind,
  itemId,
  draft,
}: {
  coachId: number;
  kind: AudienceKind;
  itemId: number | null;
  draft?: DraftTargeting | undefined;
}) {
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="audience-panel">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {AUDIENCE_TEXTS.title}
        </Title>
        {itemId === null ? (
          <Text>{AUDIENCE_TEXTS.saveFirst}</Text>
        ) : (
          <SavedAudience coachId={coachId} kind={kind} itemId={itemId} draft={draft} />
        )}
      </Stack>
    </Card>
  );
}

function SavedAudience({
  coachId,
  kind,
  itemId,
  draft,
}: {
  coachId: number;
  kind: AudienceKind;
  itemId: number;
  draft: DraftTargeting | undefined;
}) {
  const [page, setPage] = useState(1);
  // Typing in the wiring editor asks once it settles, not at every keystroke.
  const [settled] = useDebouncedValue(draft, 300);
  const audience = useAudience(coachId, kind, itemId, page, settled);
  const save = useSaveExclusions(coachId, kind, itemId);
  if (audience.isPending) return <Loader size="sm" aria-label="Loading..." />;
  if (audience.isError && settled !== undefined && isApiError(audience.error, 400))
    return <Text data-testid="audience-unsaved-invalid">{AUDIENCE_TEXTS.unsavedInvalid}</Text>;
  if (audience.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(audience.error)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => audience.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const a = audience.data;
  const setExcluded = (ids: number[]) => save.mutate(ids);
  const pages = Math.max(1, Math.ceil(a.count / a.page_size));
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" data-testid="audience-publish">
          {publishStateText(a.publish)}
        </Badge>
      </Group>
      <Text data-testid="audience-rule">{a.rule}</Text>
      {settled !== undefined && (
        <Text size="sm" c="dimmed" data-testid="audience-unsaved">
          {AUDIENCE_TEXTS.unsaved}
        </Text>
      )}
      <Text fw={700} aria-live="polite" data-testid="audience-count">
        {AUDIENCE_TEXTS.count(a.count)}
      </Text>
      {save.isError && (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      )}
      {a.students.length === 0 ? (
        <Text>{AUDIENCE_TEXTS.nobody}</Text>
      ) : (
        <List listStyleType="none" spacing={4} data-testid="audience-students">
          {a.students.map((s) => (
            <List.Item key={s.id}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" data-testid="audience-student-name">
                  {s.name}
                </Text>
                <Button
                  size="compact-xs"
                  variant="default"
                  aria-label={`${AUDIENCE_TEXTS.exclude} ${s.name}`}
                  loading={save.isPending}
                  onClick={() => setExcluded([...a.saved_excluded, s.id])}
                >
                  {AUDIENCE_TEXTS.exclude}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      )}
      <Title order={3} size="h5">
        {AUDIENCE_TEXTS.excludedTitle}
      </Title>
      {a.excluded.length === 0 ? (
        <Text size="sm">{AUDIENCE_TEXTS.noneExcluded}</Text>
      ) : (
        <List listStyleType="none" spacing={4} data-testid="audience-excluded">
          {a.excluded.map((s) => (
            <List.Item key={s.id}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm">{s.name}</Text>
                <Button
                  size="compact-xs"
                  variant="default"
                  aria-label={`${AUDIENCE_TEXTS.include} ${s.name}`}
                  loading={save.isPending}
                  onClick={() => setExcluded(a.saved_excluded.filter((x) => x !== s.id))}
                >
                  {AUDIENCE_TEXTS.include}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <PreviewAs coachId={coachId} kind={kind} itemId={itemId} choices={[...a.students, ...a.excluded]} />
    </Stack>
  );
}

function PreviewAs({
  coachId,
  kind,
  itemId,
  choices,
}: {
  coachId: number;
  kind: AudienceKind;
  itemId: number;
  choices: AudienceStudent[];
}) {
  const [userId, setUserId] = useState<number | null>(null);
  const preview = useAudiencePreview(coachId, kind, itemId, userId);
  return (
    <Stack gap="xs">
      <NativeSelect
        label={AUDIENCE_TEXTS.previewAs}
        value={userId === null ? '' : String(userId)}
        data={[
          { value: '', label: 'Choose a student' },
          ...choices.map((s) => ({ value: String(s.id), label: s.name })),
        ]}
        onChange={(e) => setUserId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      />
      {userId !== null && preview.isPending && <Loader size="sm" aria-label="Loading..." />}
      {preview.isError && (
        <Alert color="red" role="alert">
          {errorMessage(preview.error)}
        </Alert>
      )}
      {preview.data && (
        <Card withBorder data-testid="audience-preview">
          <Stack gap="xs">
            <Text fw={700} c={preview.data.receives ? undefined : 'red.9'}>
              {preview.data.message}
            </Text>
            {preview.data.recommended !== null && (
              <Text size="sm">
                {preview.data.recommended ? AUDIENCE_TEXTS.recommended : AUDIENCE_TEXTS.notRecommended}
              </Text>
            )}
            <Text fw={700}>{preview.data.title}</Text>
            {preview.data.subtitle && <Text size="sm">{preview.data.subtitle}</Text>}
            <SafeHtml html={preview.data.html} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
