import {
  TODO_BATCH_MAX,
  TODO_ERRORS,
  TODO_TEXTS,
  TODO_UI_TEXTS,
  type TodoItem,
  type TodoTag,
} from '@course-coach/contracts';
import { Alert, Button, Fieldset, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { deleteQuestion, useConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { ItemFields } from './TodoItemFields.tsx';
import { initialValues, rowErrors, saveBody, type TodoFormValues } from './todo-form-values.ts';
import type { TodoSave } from './todos-api.ts';

export { initialValues, rowErrors, saveBody, type TodoFormValues } from './todo-form-values.ts';

/** The props of `TodoForm`. */
export interface TodoFormProps {
  /** The item being edited, or null to add one. */
  item: TodoItem | null;
  /** The list a new item goes to (the card's current list, or the page's ?list=); null: the student's own list. */
  listId: number | null;
  tags: TodoTag[];
  /** Saves; a rejected promise with a 400 ApiError shows its field errors beside the fields. */
  onSave: (body: TodoSave) => Promise<unknown>;
  /**
   * Saves several new items in one go (all or nothing); given, the form adds items in rows ('Add Your Own
   * To-Do Item(s)', spec §2) with 'Add another item'. A 400 with `items.n.<field>` errors shows them in row n.
   */
  onSaveMany?: (bodies: TodoSave[]) => Promise<unknown>;
  onCancel: () => void;
  /** Offers Delete (spec: for account-owned items); disabled when `deleteDisabled`. */
  onDelete?: () => Promise<unknown>;
  deleteDisabled?: boolean;
  /** Staff forms save staff-created items (the to-do manager). */
  staffCreated?: boolean;
}

/**
 * The to-do form (spec §2 To-Do form): Title (required), rich-text Description, Due Date (MM/dd/yyyy,
 * parsed per §5), Tags (checkbox group), Save, Cancel and, when given, Delete. With `onSaveMany` (adding
 * on the standalone page) it holds several items in rows, each with its own fields and a Remove button,
 * and 'Add another item'; Save adds them all in one go. Server field errors show beside their fields (§5,
 * §8), in their row; errors of no field show above the buttons.
 */
export function TodoForm({
  item,
  listId,
  tags,
  onSave,
  onSaveMany,
  onCancel,
  onDelete,
  deleteDisabled,
  staffCreated = false,
}: TodoFormProps) {
  const multiple = onSaveMany !== undefined && item === null;
  const [rows, setRows] = useState<Array<{ key: number; values: TodoFormValues }>>(() => [
    { key: 0, values: initialValues(item) },
  ]);
  const [nextKey, setNextKey] = useState(1);
  const [errors, setErrors] = useState<Array<Record<string, string[]>>>([]);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const confirm = useConfirmDelete();

  const fail = (error: unknown) => {
    if (isApiError(error, 400)) {
      const { perRow, others } = rowErrors(error.fieldErrors, rows.length);
      setErrors(perRow);
      setGeneralError(others.length > 0 ? others.join(' ') : null);
    } else {
      setErrors([]);
      setGeneralError(errorMessage(error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = rows.map(
      (r): Record<string, string[]> =>
        r.values.title.trim() === '' ? { title: [TODO_ERRORS.required] } : {},
    );
    if (missing.some((e) => Object.keys(e).length > 0)) {
      setErrors(missing);
      setGeneralError(null);
      return;
    }
    setBusy('save');
    try {
      const bodies = rows.map((r) => saveBody(r.values, item, listId, staffCreated));
      if (multiple && bodies.length > 1) await onSaveMany(bodies);
      else await onSave(bodies[0]!);
      setErrors([]);
      setGeneralError(null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!onDelete) return;
    if (!(await confirm.ask(deleteQuestion('the to-do item', item?.title ?? '')))) return;
    setBusy('delete');
    try {
      await onDelete();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const setRow = (index: number, values: TodoFormValues) =>
    setRows((rs) => rs.map((r, i) => (i === index ? { ...r, values } : r)));
  const removeRow = (index: number) => {
    setRows((rs) => rs.filter((_, i) => i !== index));
    setErrors((es) => es.filter((_, i) => i !== index));
  };

  return (
    <form onSubmit={submit} noValidate data-testid="todo-form">
      <Stack gap="md">
        {multiple
          ? rows.map((row, index) => (
              <Fieldset key={row.key} legend={TODO_UI_TEXTS.row(index + 1)} data-testid="todo-form-row">
                <Stack gap="md">
                  <ItemFields
                    values={row.values}
                    onChange={(v) => setRow(index, v)}
                    errors={errors[index] ?? {}}
                    tags={tags}
                    autoFocus={index === 0}
                  />
                  {rows.length > 1 && (
                    <Group>
                      <Button variant="default" size="compact-sm" onClick={() => removeRow(index)}>
                        {TODO_UI_TEXTS.removeRow(index + 1)}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Fieldset>
            ))
          : rows[0] && (
              <ItemFields
                values={rows[0].values}
                onChange={(v) => setRow(0, v)}
                errors={errors[0] ?? {}}
                tags={tags}
                autoFocus
              />
            )}
        {multiple && rows.length < TODO_BATCH_MAX && (
          <Group>
            <Button
              variant="light"
              onClick={() => {
                setRows((rs) => [...rs, { key: nextKey, values: initialValues(null) }]);
                setNextKey((k) => k + 1);
              }}
            >
              {TODO_UI_TEXTS.addAnother}
            </Button>
          </Group>
        )}
        {generalError && (
          <Alert color="red" variant="light" role="alert" data-testid="todo-form-error">
            {generalError}
          </Alert>
        )}
        <Group justify="space-between">
          <Group gap="sm">
            <Button type="submit" loading={busy === 'save'} disabled={busy === 'delete'}>
              {TODO_TEXTS.save}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={busy !== null}>
              {TODO_TEXTS.cancel}
            </Button>
          </Group>
          {onDelete && (
            <Button
              color="red"
              variant="light"
              onClick={() => void remove()}
              loading={busy === 'delete'}
              disabled={deleteDisabled || busy === 'save'}
            >
              {TODO_TEXTS.delete}
            </Button>
          )}
        </Group>
      </Stack>
      {confirm.modal}
    </form>
  );
}
