import type { FaqEntry } from '@course-coach/contracts';
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { deleteQuestion, useConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { RichTextField } from '../../components/RichTextField.tsx';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { type FaqListScope, useFaqList, useFaqMutations } from './faq-api.ts';

export const FAQ_EDITOR_TEXTS = {
  question: 'Question',
  answer: 'Answer',
  add: 'Add question',
  save: 'Save',
  up: 'Move up',
  down: 'Move down',
  delete: 'Delete',
  institutionNote:
    'Students will no longer see it. It stays under “Deleted questions” below for 30 days, where you can restore it.',
  empty: 'There are no questions yet. Add the first one below.',
  newHeading: 'New question',
} as const;

/** The question and answer fields of one entry, with the server's field errors under them. */
function EntryForm({
  initial,
  pending,
  error,
  submitLabel,
  onSubmit,
  testId,
  children,
}: {
  initial: { question: string; answer: string };
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (values: { question: string; answer: string }) => void;
  testId: string;
  children?: React.ReactNode;
}) {
  const [question, setQuestion] = useState(initial.question);
  const [answer, setAnswer] = useState(initial.answer);
  const fields = isApiError(error, 400) ? error.fieldErrors : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ question, answer });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={FAQ_EDITOR_TEXTS.question}
          value={question}
          onChange={(e) => setQuestion(e.currentTarget.value)}
          error={fields.question?.join(' ')}
          data-testid={`${testId}-question`}
        />
        <RichTextField
          label={FAQ_EDITOR_TEXTS.answer}
          value={initial.answer}
          onChange={setAnswer}
          error={fields.answer?.join(' ')}
          testId={`${testId}-answer`}
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

/** One entry in the editor: edit, move up or down, delete after confirming. */
function EntryRow({
  scope,
  entry,
  index,
  order,
}: {
  scope: FaqListScope;
  entry: FaqEntry;
  index: number;
  order: number[];
}) {
  const { save, remove, reorder } = useFaqMutations(scope);
  const confirm = useConfirmDelete();
  const undo = useUndoDelete();
  const n = index + 1;
  // A coach's entry goes to the coach's Trash, the institution's to its own (docs/trash.md); both Undo.
  const onDelete = async () => {
    const question = deleteQuestion('the question', entry.question);
    const note = scope.kind === 'coach' ? undefined : FAQ_EDITOR_TEXTS.institutionNote;
    if (!(await confirm.ask(question, note))) return;
    await remove.mutateAsync(entry.id);
    const owner =
      scope.kind === 'coach' ? { coachId: scope.coachId } : { institutionId: scope.institutionId };
    undo({ ...owner, kind: 'faq_entry', id: entry.id, label: `Question “${entry.question}”` });
  };
  const move = (delta: -1 | 1) => {
    const ids = [...order];
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    reorder.mutate(ids);
  };
  return (
    <Card withBorder padding="md" data-testid="faq-editor-entry">
      <Text size="sm" c="dimmed" mb="xs">
        {n}. {entry.question}
      </Text>
      <EntryForm
        initial={entry}
        pending={save.isPending}
        error={save.error}
        submitLabel={FAQ_EDITOR_TEXTS.save}
        onSubmit={(v) => save.mutate({ id: entry.id, ...v })}
        testId={`faq-entry-${n}`}
      >
        <Button
          size="xs"
          variant="default"
          disabled={index === 0 || reorder.isPending}
          onClick={() => move(-1)}
          aria-label={`${FAQ_EDITOR_TEXTS.up}: question ${n}`}
        >
          {FAQ_EDITOR_TEXTS.up}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={index === order.length - 1 || reorder.isPending}
          onClick={() => move(1)}
          aria-label={`${FAQ_EDITOR_TEXTS.down}: question ${n}`}
        >
          {FAQ_EDITOR_TEXTS.down}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="subtle"
          loading={remove.isPending}
          onClick={() => void onDelete().catch(() => undefined)}
          aria-label={`${FAQ_EDITOR_TEXTS.delete}: question ${n}`}
        >
          {FAQ_EDITOR_TEXTS.delete}
        </Button>
      </EntryForm>
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
 * The editor of one FAQ list (a coach's course FAQ or an institution's): its entries in order, each
 * editable, movable and deletable after a confirmation, and a form for a new entry.
 */
export function FaqListEditor({ scope }: { scope: FaqListScope }) {
  const list = useFaqList(scope);
  const { save } = useFaqMutations(scope);
  const [formKey, setFormKey] = useState(0);
  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError)
    body = (
      <ErrorState
        title="We couldn’t load the questions"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.length === 0) body = <Text>{FAQ_EDITOR_TEXTS.empty}</Text>;
  else {
    const order = list.data.map((e) => e.id);
    body = list.data.map((entry, i) => (
      <EntryRow
        key={`${entry.id}-${entry.question}-${entry.answer}`}
        scope={scope}
        entry={entry}
        index={i}
        order={order}
      />
    ));
  }
  return (
    <Stack gap="md">
      {body}
      <Card withBorder padding="md">
        <Text fw={600} mb="xs">
          {FAQ_EDITOR_TEXTS.newHeading}
        </Text>
        <EntryForm
          key={formKey}
          initial={{ question: '', answer: '' }}
          pending={save.isPending}
          error={save.error}
          submitLabel={FAQ_EDITOR_TEXTS.add}
          onSubmit={(v) =>
            save.mutate(v, {
              onSuccess: () => {
                save.reset();
                setFormKey((k) => k + 1);
              },
            })
          }
          testId="faq-new"
        />
      </Card>
    </Stack>
  );
}
