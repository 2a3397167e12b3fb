/** The pages of an interactive bulletin in the bulletin editor: title and rich text per page, Remove, Add page. */
import { BULLETIN_UI_TEXTS } from '@course-coach/contracts';
import { Button, Fieldset, Group, Input, Stack, TextInput } from '@mantine/core';
import { RichTextField } from '../../components/RichTextField.tsx';
import { EDITOR_TEXTS, type FormValues, newPageKey } from './bulletin-form-values.ts';

type Pages = FormValues['pages'];

/**
 * The page rows of `pages`. `setPages` replaces them (a title typed, a page removed or added);
 * `updatePages` applies a change to the latest pages (a page's text, which the rich-text editor reports
 * as it goes). `err` gives the field errors of a key (`pages`, `pages.<n>.title`).
 */
export function BulletinPagesEditor({
  pages,
  setPages,
  updatePages,
  err,
}: {
  pages: Pages;
  setPages: (pages: Pages) => void;
  updatePages: (update: (pages: Pages) => Pages) => void;
  err: (key: string) => string | undefined;
}) {
  return (
    <Stack gap="sm">
      {pages.map((p, i) => (
        <Fieldset key={p.key} legend={EDITOR_TEXTS.page(i + 1)}>
          <Stack gap="xs">
            <TextInput
              label={EDITOR_TEXTS.pageTitle}
              value={p.title}
              onChange={(e) => {
                const title = e.currentTarget.value;
                setPages(pages.map((q) => (q.key === p.key ? { ...q, title } : q)));
              }}
              error={err(`pages.${i}.title`)}
            />
            <RichTextField
              label={EDITOR_TEXTS.pageBody}
              value={p.body}
              onChange={(body) => updatePages((ps) => ps.map((q) => (q.key === p.key ? { ...q, body } : q)))}
              testId={`bulletin-page-${i}`}
            />
            <Group>
              <Button
                variant="subtle"
                color="red.9"
                onClick={() => setPages(pages.filter((q) => q.key !== p.key))}
              >
                {BULLETIN_UI_TEXTS.removePage}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      {err('pages') && <Input.Error>{err('pages')}</Input.Error>}
      <Group>
        <Button
          variant="default"
          onClick={() => setPages([...pages, { key: newPageKey(), title: '', body: '' }])}
        >
          {BULLETIN_UI_TEXTS.addPage}
        </Button>
      </Group>
    </Stack>
  );
}
