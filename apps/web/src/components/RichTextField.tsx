import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link as LinkExtension, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';

/**
 * A labelled rich-text field (Mantine RichTextEditor over tiptap) with the marks the server keeps for
 * bulletin descriptions and pages and email sections: bold, italic, underline, strike, headings, quotes, lists and links. Uncontrolled
 * after mount: `value` is the initial HTML, `onChange` receives the HTML ('' when empty).
 */
export function RichTextField({
  value,
  onChange,
  label,
  error,
  testId,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  error?: string;
  testId: string;
}) {
  const labelId = useId();
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        link: false,
        codeBlock: false,
        horizontalRule: false,
        heading: { levels: [2, 3, 4] },
      }),
      LinkExtension.configure({ openOnClick: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'data-testid': testId,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div>
      <Input.Label id={labelId} mb={4}>
        {label}
      </Input.Label>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
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
