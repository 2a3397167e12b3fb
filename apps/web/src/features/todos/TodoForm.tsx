import '@mantine/dates/styles.css';
import '@mantine/tiptap/styles.css';
import {
  formatDueDate,
  NON_FIELD_ERRORS,
  parseDueDate,
  TODO_BATCH_MAX,
  TODO_ERRORS,
  TODO_TEXTS,
  TODO_UI_TEXTS,
  type TodoItem,
  type TodoTag,
} from '@course-coach/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Input,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { Link as LinkExtension, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import type { TodoSave } from './todos-api.ts';

export interface TodoFormValues {
  title: string;
  description: string;
  /** The Due Date field as typed (MM/dd/yyyy). */
  dueText: string;
  tagIds: string[];
}

/** The form's starting values for an item (or an empty form). */
export function initialValues(item: TodoItem | null | undefined): TodoFormValues {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    dueText: formatDueDate(item?.due_date),
    tagIds: (item?.item_tag_ids ?? []).map(String),
  };
}

/**
 * The save body of the form (spec §7 "Create to-do item": title, description, due_date, todo_list,
 * staff_created, account_item, item_tag_ids). The due date is parsed per spec §5.
 */
export function saveBody(
  values: TodoFormValues,
  item: TodoItem | null | undefined,
  listId: number | null,
  staffCreated = false,
): TodoSave {
  return {
    ...(item ? { id: item.id } : {}),
    title: values.title,
    description: values.description,
    due_date: parseDueDate(values.dueText),
    todo_list: item?.todo_list ?? listId,
    staff_created: staffCreated,
    account_item: item?.account_item ?? [],
    item_tag_ids: values.tagIds.map(Number),
  };
}

/** The rich-text Description with exactly the spec's marks: bold, italic, underline, strike, lists, link. */
function DescriptionEditor({
  value,
  onChange,
  labelId,
  error,
}: {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  error?: string;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        link: false,
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
      }),
      LinkExtension.configure({ openOnClick: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'data-testid': 'todo-description',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {error && <Input.Error mt={4}>{error}</Input.Error>}
    </div>
  );
}

/** Due Date: typed as MM/dd/yyyy or picked from a calendar (spec §2 "datepicker, MM/dd/yyyy"). */
function DueDateInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (text: string) => void;
  error?: string;
}) {
  const [open, setOpen] = useState(false);
  const iso = parseDueDate(value);
  const pickerValue = iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : null;
  return (
    <TextInput
      label={TODO_TEXTS.dueDate}
      placeholder="MM/dd/yyyy"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      name="due_date"
      autoComplete="off"
      rightSection={
        <Popover opened={open} onChange={setOpen} position="bottom-end" trapFocus>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              aria-label="Choose a due date from a calendar"
              onClick={() => setOpen((o) => !o)}
            >
              <span aria-hidden="true">📅</span>
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              value={pickerValue}
              defaultDate={pickerValue ?? undefined}
              onChange={(date) => {
                onChange(formatDueDate(date));
                setOpen(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

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

/** One item's fields: Title (required), rich-text Description, Due Date, Tags (spec §2 To-Do form). */
function ItemFields({
  values,
  onChange,
  errors,
  tags,
  autoFocus,
}: {
  values: TodoFormValues;
  onChange: (values: TodoFormValues) => void;
  errors: Record<string, string[]>;
  tags: TodoTag[];
  autoFocus: boolean;
}) {
  const descriptionLabel = useId();
  const set = <K extends keyof TodoFormValues>(key: K, value: TodoFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const first = (key: string) => errors[key]?.join(' ');
  return (
    <>
      <TextInput
        label={TODO_TEXTS.title}
        name="title"
        required
        value={values.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        error={first('title')}
        maxLength={200}
        data-autofocus={autoFocus || undefined}
      />
      <div>
        <Text component="label" id={descriptionLabel} size="sm" fw={500} display="block" mb={4}>
          {TODO_TEXTS.description}
        </Text>
        <DescriptionEditor
          value={values.description}
          onChange={(html) => set('description', html)}
          labelId={descriptionLabel}
          error={first('description')}
        />
      </div>
      <DueDateInput value={values.dueText} onChange={(t) => set('dueText', t)} error={first('due_date')} />
      {tags.length > 0 && (
        <Checkbox.Group
          label={TODO_TEXTS.tags}
          value={values.tagIds}
          onChange={(v) => set('tagIds', v)}
          error={first('item_tag_ids')}
        >
          <Group gap="md" mt={4}>
            {tags.map((tag) => (
              <Checkbox key={tag.id} value={String(tag.id)} label={tag.label} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    </>
  );
}

const KNOWN_FIELDS = ['title', 'description', 'due_date', 'item_tag_ids'];

/** Splits a 400's field errors by row (`items.n.<field>`; plain fields belong to row 0) and the rest. */
export function rowErrors(
  fields: Record<string, string[]>,
  rows: number,
): { perRow: Array<Record<string, string[]>>; others: string[] } {
  const perRow: Array<Record<string, string[]>> = Array.from({ length: rows }, () => ({}));
  const others: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const m = /^items\.(\d+)\.(.+)$/.exec(key);
    const row = m ? Number(m[1]) : 0;
    const field = m ? m[2]! : key;
    if (row < rows && KNOWN_FIELDS.includes(field)) perRow[row]![field] = messages;
    else if (key === NON_FIELD_ERRORS) others.push(...messages);
    else others.push(...messages.map((msg) => `${field}: ${msg}`));
  }
  return { perRow, others };
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
    </form>
  );
}
