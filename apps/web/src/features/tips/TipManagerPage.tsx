import { TIP_TEXTS, type Tip, tipPreview } from '@course-coach/contracts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { deleteQuestion, useConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { RichTextField } from '../../components/RichTextField.tsx';
import { htmlToText } from '../../components/SafeHtml.tsx';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useTipMutations, useTips } from './tips-api.ts';

export const TIP_MANAGER_TEXTS = {
  title: 'Manage Tips of the Week',
  html: 'Tip',
  htmlHint:
    'Paragraphs, bold, italic, underline, strike, lists, links, headings, quotes and code are kept; anything else is removed.',
  add: 'Add tip',
  save: 'Save',
  up: 'Move up',
  down: 'Move down',
  delete: 'Delete',
} as const;

function TipRow({
  tip,
  index,
  count,
  coachId,
  order,
}: {
  tip: Tip;
  index: number;
  count: number;
  coachId: number;
  order: number[];
}) {
  const { save, remove, reorder } = useTipMutations(coachId);
  const [html, setHtml] = useState(tip.html);
  const error = isApiError(save.error, 400) ? save.error.fieldErrors.html?.join(' ') : undefined;
  const move = (delta: -1 | 1) => {
    const ids = [...order];
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    reorder.mutate(ids);
  };
  const n = index + 1;
  const confirm = useConfirmDelete();
  const undo = useUndoDelete();
  const onDelete = async () => {
    const name = tipPreview(htmlToText(tip.html), 60);
    if (!(await confirm.ask(deleteQuestion('the tip', name)))) return;
    await remove.mutateAsync(tip.id);
    undo({ coachId, kind: 'tip', id: tip.id, label: `Tip “${name}”` });
  };
  return (
    <Card withBorder padding="md" data-testid="manager-tip">
      {confirm.modal}
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {n}. {tipPreview(htmlToText(tip.html), 80)}
        </Text>
        <RichTextField
          label={`${TIP_MANAGER_TEXTS.html} ${n}`}
          value={html}
          onChange={setHtml}
          error={error}
          testId={`tip-html-${n}`}
        />
        <Group gap="xs">
          <Button size="xs" onClick={() => save.mutate({ id: tip.id, html })} loading={save.isPending}>
            {TIP_MANAGER_TEXTS.save}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={index === 0}
            onClick={() => move(-1)}
            aria-label={`${TIP_MANAGER_TEXTS.up}: tip ${n}`}
          >
            {TIP_MANAGER_TEXTS.up}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={index === count - 1}
            onClick={() => move(1)}
            aria-label={`${TIP_MANAGER_TEXTS.down}: tip ${n}`}
          >
            {TIP_MANAGER_TEXTS.down}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            onClick={() => void onDelete()}
            aria-label={`${TIP_MANAGER_TEXTS.delete}: tip ${n}`}
          >
            {TIP_MANAGER_TEXTS.delete}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/TipManager/`: staff create, edit, reorder and delete the coach's tips, each in
 * the shared rich-text field (the server sanitises on write and read, docs/decisions/0004).
 */
export function TipManagerPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(TIP_MANAGER_TEXTS.title);
  const tips = useTips(coachId ?? 0);
  const { save } = useTipMutations(coachId ?? 0);
  const [html, setHtml] = useState('');
  // The rich-text field is uncontrolled after mount: a new key empties it after a tip is added.
  const [formKey, setFormKey] = useState(0);
  if (coachId === null) return <NotFoundPage />;
  const add = async (e: FormEvent) => {
    e.preventDefault();
    await save.mutateAsync({ html }).then(
      () => {
        setHtml('');
        setFormKey((k) => k + 1);
      },
      () => undefined,
    );
  };
  const error = isApiError(save.error, 400) ? save.error.fieldErrors.html?.join(' ') : undefined;
  let body: React.ReactNode;
  if (tips.isPending) body = <LoadingState />;
  else if (tips.isError)
    body = (
      <ErrorState
        title="We couldn’t load the tips"
        message={errorMessage(tips.error)}
        onRetry={() => void tips.refetch()}
      />
    );
  else if (tips.data.content.length === 0) body = <Text>{TIP_TEXTS.empty}</Text>;
  else {
    const order = tips.data.content.map((t) => t.id);
    body = tips.data.content.map((tip, i) => (
      <TipRow
        key={`${tip.id}-${tip.html}`}
        tip={tip}
        index={i}
        count={order.length}
        coachId={coachId}
        order={order}
      />
    ));
  }
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{TIP_MANAGER_TEXTS.title}</Title>
      {body}
      <Card withBorder padding="md">
        <form onSubmit={(e) => void add(e)}>
          <Stack gap="xs">
            <RichTextField
              key={formKey}
              label={TIP_MANAGER_TEXTS.html}
              value={html}
              onChange={setHtml}
              error={error}
              testId="tip-html-new"
            />
            <Text size="xs" c="dimmed">
              {TIP_MANAGER_TEXTS.htmlHint}
            </Text>
            <Group>
              <Button type="submit" loading={save.isPending}>
                {TIP_MANAGER_TEXTS.add}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
