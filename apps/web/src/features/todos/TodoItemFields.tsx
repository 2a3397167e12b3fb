/**
 * One to-do item's fields (spec §2 To-Do form): Title, the rich-text Description (Mantine tiptap), the
 * Due Date with its calendar picker, and Tags.
 */
import '@mantine/dates/styles.css';
import '@mantine/tiptap/styles.css';
import { formatDueDate, parseDueDate, TODO_TEXTS, type TodoTag } from '@course-coach/contracts';
import { ActionIcon, Checkbox, Group, Input, Popover, Text, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { Link as LinkExtension, RichTextEditor } from '@mantine/tiptap';
import { IconCalendar } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';
import type { TodoFormValues } from './todo-form-values.ts';

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
              <IconCalendar size={18} stroke={2} aria-hidden="true" />
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

/** One item's fields: Title (required), rich-text Description, Due Date, Tags (spec §2 To-Do form). */
export function ItemFields({
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
