import { CHECKLIST_TEXTS, type ChecklistItem, type WiringInput } from '@course-coach/contracts';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { deleteQuestion, useConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { RichTextField } from '../../components/RichTextField.tsx';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { WiringEditor } from '../wiring/index.ts';
import { useChecklist, useChecklistMutations } from './checklist-api.ts';

export const CHECKLIST_MANAGER_TEXTS = {
  title: 'Step',
  description: 'Details (optional)',
  add: 'Add step',
  save: 'Save',
  up: 'Move up',
  down: 'Move down',
  delete: 'Delete',
  trashNote: 'Students’ ticks of it go with it. It stays in the Trash for 30 days, where you can restore it.',
  empty: 'The checklist is empty: students see no Getting started card. Add the first step below.',
  newHeading: 'New step',
  wiring: 'Shown to students with these characteristics (none: every student)',
} as const;

type ItemValues = { title: string; description: string; characteristics: WiringInput[] };

/**
 * The title, description and characteristic wiring of one item (no wiring: every student sees it), with
 * the server's field errors beside the fields.
 */
function ItemForm({
  coachId,
  initial,
  pending,
  error,
  submitLabel,
  onSubmit,
  testId,
  children,
}: {
  coachId: number;
  initial: ItemValues;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (values: ItemValues) => void;
  testId: string;
  children?: React.ReactNode;
}) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [wiring, setWiring] = useState<WiringInput[]>(initial.characteristics);
  const fields = isApiError(error, 400) ? error.fieldErrors : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ title, description, characteristics: wiring });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={CHECKLIST_MANAGER_TEXTS.title}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={fields.title?.join(' ')}
          data-testid={`${testId}-title`}
        />
        <RichTextField
          label={CHECKLIST_MANAGER_TEXTS.description}
          value={initial.description}
          onChange={setDescription}
          error={fields.description?.join(' ')}
          testId={`${testId}-description`}
        />
        <WiringEditor
          coachId={coachId}
          value={wiring}
          onChange={setWiring}
          errors={fields}
          legend={CHECKLIST_MANAGER_TEXTS.wiring}
        />
        {error && !isApiError(error, 400) ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={pending}>
            {submitLabel}
          </Button>
          {children}
        </Group>
      </Stack>
    </form>
  );
}

/** One item: edit, move up or down, delete after confirming. */
function ItemRow({
  coachId,
  item,
  index,
  order,
}: {
  coachId: number;
  item: ChecklistItem;
  index: number;
  order: number[];
}) {
  const { save, remove, reorder } = useChecklistMutations(coachId);
  const confirm = useConfirmDelete();
  const undo = useUndoDelete();
  const t = CHECKLIST_MANAGER_TEXTS;
  const n = index + 1;
  // The step, its wiring and students' ticks go to the coach's Trash (Undo brings them back; docs/trash.md).
  const onDelete = async () => {
    if (!(await confirm.ask(deleteQuestion('the step', item.title), t.trashNote))) return;
    await remove.mutateAsync(item.id);
    undo({ coachId, kind: 'checklist_item', id: item.id, label: `Step “${item.title}”` });
  };
  const move = (delta: -1 | 1) => {
    const ids = [...order];
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    reorder.mutate(ids);
  };
  return (
    <Card withBorder padding="md" data-testid="checklist-editor-item">
      <Text size="sm" c="dimmed" mb="xs">
        {n}. {item.title}
      </Text>
      <ItemForm
        coachId={coachId}
        initial={{
          title: item.title,
          description: item.description,
          characteristics: item.characteristics.map((c) => ({ label: c.label, value: c.value })),
        }}
        pending={save.isPending}
        error={save.error}
        submitLabel={t.save}
        onSubmit={(v) => save.mutate({ id: item.id, ...v })}
        testId={`checklist-item-${n}`}
      >
        <Button
          size="xs"
          variant="default"
          disabled={index === 0 || reorder.isPending}
          onClick={() => move(-1)}
          aria-label={`${t.up}: step ${n}`}
        >
          {t.up}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={index === order.length - 1 || reorder.isPending}
          onClick={() => move(1)}
          aria-label={`${t.down}: step ${n}`}
        >
          {t.down}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="subtle"
          loading={remove.isPending}
          onClick={() => void onDelete().catch(() => undefined)}
          aria-label={`${t.delete}: step ${n}`}
        >
          {t.delete}
        </Button>
      </ItemForm>
      {confirm.modal}
      {remove.error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorMessage(remove.error)}
        </Text>
      ) : null}
      {reorder.error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorMessage(reorder.error)}
        </Text>
      ) : null}
    </Card>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/ChecklistManager/` (docs/faq-checklists.md): the coach's staff define the
 * getting-started checklist its students tick off (steps with optional rich-text details, order, deletion).
 */
export function ChecklistManagerPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(CHECKLIST_TEXTS.managerTitle);
  const checklist = useChecklist(coachId ?? 0);
  const { save } = useChecklistMutations(coachId ?? 0);
  const [formKey, setFormKey] = useState(0);
  if (coachId === null) return <NotFoundPage />;
  let body: React.ReactNode;
  if (checklist.isPending) body = <LoadingState />;
  else if (checklist.isError)
    body = (
      <ErrorState
        title="We couldn’t load the checklist"
        message={errorMessage(checklist.error)}
        onRetry={() => void checklist.refetch()}
      />
    );
  else if (checklist.data.items.length === 0) body = <Text>{CHECKLIST_MANAGER_TEXTS.empty}</Text>;
  else {
    const order = checklist.data.items.map((i) => i.id);
    body = checklist.data.items.map((item, i) => (
      <ItemRow
        key={`${item.id}-${item.title}-${item.description}-${item.characteristics.map((c) => c.id).join(',')}`}
        coachId={coachId}
        item={item}
        index={i}
        order={order}
      />
    ));
  }
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{CHECKLIST_TEXTS.managerTitle}</Title>
      <Text>Students see these steps in the Getting started card of their dashboard and tick them off.</Text>
      {body}
      <Card withBorder padding="md">
        <Text fw={600} mb="xs">
          {CHECKLIST_MANAGER_TEXTS.newHeading}
        </Text>
        <ItemForm
          key={formKey}
          coachId={coachId}
          initial={{ title: '', description: '', characteristics: [] }}
          pending={save.isPending}
          error={save.error}
          submitLabel={CHECKLIST_MANAGER_TEXTS.add}
          onSubmit={(v) =>
            save.mutate(v, {
              onSuccess: () => {
                save.reset();
                setFormKey((k) => k + 1);
              },
            })
          }
          testId="checklist-new"
        />
      </Card>
    </Stack>
  );
}
