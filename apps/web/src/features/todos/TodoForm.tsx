import '@mantine/dates/styles.css';
import '@mantine/tiptap/styles.css';
import {
  formatDueDate,
  NON_FIELD_ERRORS,
  parseDueDate,
  TODO_ERRORS,
  TODO_TEXTS,
  type TodoItem,
  type TodoTag,
} from '@course-coach/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
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
  /** The list a new item goes to (the card's current list, or the page's ?list=). */
  listId: number | null;
  tags: TodoTag[];
  /** Saves; a rejected promise with a 400 ApiError shows its field errors beside the fields. */
  onSave: (body: TodoSave) => Promise<unknown>;
  onCancel: () => void;
  /** Offers Delete (spec: for account-owned items); disabled when `deleteDisabled`. */
  onDelete?: () => Promise<unknown>;
  deleteDisabled?: boolean;
  /** Staff forms save staff-created items (the to-do manager). */
  staffCreated?: boolean;
}

/**
 * The to-do form (spec §2 To-Do form): Title (required), rich-text Description, Due Date (MM/dd/yyyy,
 * parsed per §5), Tags (checkbox group), Save, Cancel and, when given, Delete. Server field errors show
 * beside their fields (§5, §8); errors of no field show above the buttons.
 */
export function TodoForm({
  item,
  listId,
  tags,
  onSave,
  onCancel,
  onDelete,
  deleteDisabled,
  staffCreated = false,
}: TodoFormProps) {
  const [values, setValues] = useState<TodoFormValues>(() => initialValues(item));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const descriptionLabel = useId();
  const set = <K extends keyof TodoFormValues>(key: K, value: TodoFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const fail = (error: unknown) => {
    if (isApiError(error, 400)) {
      const fields = error.fieldErrors;
      setErrors(fields);
      const known = ['title', 'description', 'due_date', 'item_tag_ids'];
      const others = Object.entries(fields)
        .filter(([key]) => !known.includes(key))
        .flatMap(([key, messages]) =>
          key === NON_FIELD_ERRORS ? messages : messages.map((m) => `${key}: ${m}`),
        );
      setGeneralError(others.length > 0 ? others.join(' ') : null);
    } else {
      setErrors({});
      setGeneralError(errorMessage(error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.title.trim() === '') {
      setErrors({ title: [TODO_ERRORS.required] });
      setGeneralError(null);
      return;
    }
    setBusy('save');
    try {
      await onSave(saveBody(values, item, listId, staffCreated));
      setErrors({});
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

  const first = (key: string) => errors[key]?.join(' ');
  return (
    <form onSubmit={submit} noValidate data-testid="todo-form">
      <Stack gap="md">
        <TextInput
          label={TODO_TEXTS.title}
          name="title"
          required
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={first('title')}
          maxLength={200}
          data-autofocus
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
