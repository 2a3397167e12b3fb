import {
  type Characteristic,
  type DocumentKind,
  type FieldErrors,
  NON_FIELD_ERRORS,
  type WiringInput,
} from '@course-coach/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Fieldset,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, type ReactNode, type SetStateAction, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { deleteQuestion, useConfirmDelete, type WithIt } from '../../components/ConfirmDelete.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AudiencePanel } from '../audience/index.ts';
import { DocumentSection } from '../documents/index.ts';
import { WiringEditor } from '../wiring/index.ts';

/** The texts a content editor shows (the `*_TEXTS` of `@course-coach/contracts` have them all). */
export interface EditorTexts {
  managerTitle: string;
  title: string;
  createTitle: string;
  editTitle: string;
  save: string;
  cancel: string;
  delete: string;
}

/** Where a content editor's route points: the coach, the item (null for `new`) and whether it is new. */
export interface EditorRoute {
  coachId: number | null;
  itemId: number | null;
  isNew: boolean;
}

/**
 * Reads a content editor's route (`…/{coachId}/…/{idParam}/`, the id `new` for a new item) and sets the
 * page title to the create or edit title. Ids that are no path id come back null.
 */
export function useEditorRoute(idParam: string, texts: Pick<EditorTexts, 'createTitle' | 'editTitle'>) {
  const params = useParams();
  const isNew = params[idParam] === 'new';
  const route: EditorRoute = {
    coachId: parsePathId(params.coachId),
    itemId: isNew ? null : parsePathId(params[idParam]),
    isNew,
  };
  usePageTitle(isNew ? texts.createTitle : texts.editTitle);
  return route;
}

/**
 * The 404 page for a bad coach or item id; for a new item `children` at once (with null); else the
 * item's query states (an API 404 shows the 404 page, other errors `errorTitle` with "Try again"), then
 * `children` with the item.
 */
export function EditorLoader<D>({
  route,
  query,
  errorTitle,
  children,
}: {
  route: EditorRoute;
  query: UseQueryResult<D>;
  errorTitle: string;
  children: (coachId: number, item: D | null) => ReactNode;
}) {
  const { coachId, itemId, isNew } = route;
  if (coachId === null || (!isNew && itemId === null)) return <NotFoundPage />;
  if (isNew) return <>{children(coachId, null)}</>;
  return (
    <QueryView query={query} errorTitle={errorTitle} notFoundOn404>
      {(item) => children(coachId, item)}
    </QueryView>
  );
}

/** A content save: PUT for an item with an id, POST for a new one (docs/design.md "Save method"). */
export type SaveMutation<B> = UseMutationResult<unknown, Error, { id: number | null; body: B }>;

/** A content delete, by id. */
export type DeleteMutation = UseMutationResult<unknown, Error, number>;

/**
 * What the shared editor needs to know about one kind of content (emails, surveys): its texts, its
 * manager page, the form values of an item (null: a new one) and the save body of the form values.
 */
export interface ContentKind<I, V, B> {
  texts: EditorTexts;
  managerPage: (coachId: number) => string;
  initial: (item: I | null) => V;
  toBody: (values: V) => B;
}

/** The state of a content editor's form, from {@link useContentForm}; {@link ContentEditorForm} shows it. */
export interface ContentForm<V> {
  coachId: number;
  /** The saved item's id; null for a new one. */
  itemId: number | null;
  texts: EditorTexts;
  managerTo: string;
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  /** The server's field errors of the last save (400). */
  errors: FieldErrors;
  /** The message of a save that failed otherwise. */
  failure: string | null;
  /** The field errors of one field, joined, for a Mantine input's `error`. */
  err: (key: string) => string | undefined;
  /** Saves the form, then goes to the manager; keeps the errors of a failed save. */
  submit: (event: FormEvent) => Promise<void>;
  saving: boolean;
  remove: DeleteMutation;
}

/**
 * The values and errors of the editor of `item` (null for a new one) of one `kind` of content: the
 * values start as `kind.initial(item)`; a submit sends `kind.toBody(values)` through `save` (with the
 * item's id, null for a new one) and then goes to the manager. A 400 fills `errors` (field → messages),
 * any other failure `failure`.
 */
export function useContentForm<I extends { id: number }, V, B>(
  kind: ContentKind<I, V, B>,
  coachId: number,
  item: I | null,
  save: SaveMutation<B>,
  remove: DeleteMutation,
): ContentForm<V> {
  const navigate = useNavigate();
  const [values, setValues] = useState<V>(() => kind.initial(item));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const itemId = item?.id ?? null;
  const managerTo = kind.managerPage(coachId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      await save.mutateAsync({ id: itemId, body: kind.toBody(values) });
      navigate(managerTo);
    } catch (error) {
      if (isApiError(error, 400)) setErrors(error.fieldErrors);
      else setFailure(errorMessage(error));
    }
  };
  return {
    coachId,
    itemId,
    texts: kind.texts,
    managerTo,
    values,
    setValues,
    errors,
    failure,
    err: (key) => errors[key]?.join(' '),
    submit,
    saving: save.isPending,
    remove,
  };
}

/**
 * Add, change and remove for the list field `key` of a form's values (email sections, survey
 * questions), through the form's `setValues`.
 */
export function listField<V, K extends keyof V>(setValues: Dispatch<SetStateAction<V>>, key: K) {
  type Item = V[K] extends readonly (infer T extends object)[] ? T : never;
  const change = (f: (list: Item[]) => Item[]) => setValues((v) => ({ ...v, [key]: f(v[key] as Item[]) }));
  return {
    add: (item: Item) => change((list) => [...list, item]),
    update: (index: number, patch: Partial<Item>) =>
      change((list) => list.map((it, j) => (j === index ? { ...it, ...patch } : it))),
    remove: (index: number) => change((list) => list.filter((_, j) => j !== index)),
  };
}

/** The rows of a wiring with both a characteristic and a value chosen (the others are not asked about). */
function completeWiring(wiring: ReadonlyArray<WiringInput>): Array<{ label: string; value: string }> {
  return wiring
    .map((w) => ({ label: String(w.label ?? '').trim(), value: String(w.value ?? '').trim() }))
    .filter((w) => w.label !== '' && w.value !== '');
}

const wiringKey = (wiring: ReadonlyArray<WiringInput>) => JSON.stringify(completeWiring(wiring));

/**
 * The frame of a content editor (emails, surveys): a back link to the manager, the create or edit title,
 * the save's non-field error, the item's title field, its own fields (`children`), its characteristic
 * wiring, and Save, Cancel and (for a saved item) Delete, which deletes and goes back to the manager.
 */
export function ContentEditorForm<V extends { title: string; wiring: WiringInput[] }>({
  form,
  characteristics,
  document,
  children,
}: {
  form: ContentForm<V>;
  /** The item's kind for its document control (placed after the form, which it is not part of). */
  document: DocumentKind;
  /** The tailoring dictionary's characteristics, for the wiring editor. */
  characteristics: Characteristic[] | undefined;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { coachId, itemId, texts, managerTo, values, setValues, errors, failure, remove } = form;
  const confirm = useConfirmDelete();
  const undo = useUndoDelete();
  // The panel counts the form's wiring once it differs from what was loaded (docs/emails-surveys.md).
  const [loadedWiring] = useState(() => wiringKey(values.wiring));
  const draft =
    wiringKey(values.wiring) === loadedWiring
      ? undefined
      : { characteristics: completeWiring(values.wiring) };
  const onDelete = async (id: number) => {
    // Spec texts name the kinds; docs/trash.md: a delivered e-mail is deleted for good, the rest go to the trash.
    const shape = values as { sections?: unknown[]; questions?: unknown[]; state?: string };
    const kind = document === 'emails' ? 'email' : 'survey';
    const what = kind === 'email' ? 'the e-mail' : 'the survey';
    const withIt: WithIt[] =
      kind === 'email'
        ? [[shape.sections?.length ?? 0, 'section', 'sections']]
        : [[shape.questions?.length ?? 0, 'question', 'questions']];
    const forGood = shape.state === 'delivered';
    const note = forGood ? 'A delivered e-mail is deleted for good: it cannot be restored.' : undefined;
    if (!(await confirm.ask(deleteQuestion(what, values.title, withIt), note))) return;
    await remove.mutateAsync(id);
    if (!forGood && coachId !== null)
      undo({ coachId, kind, id, label: `${kind === 'email' ? 'E-mail' : 'Survey'} “${values.title}”` });
    navigate(managerTo);
  };
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap="lg" component="form" onSubmit={form.submit}>
        <Anchor component={Link} to={managerTo}>
          {texts.managerTitle}
        </Anchor>
        <Title order={1}>{itemId === null ? texts.createTitle : texts.editTitle}</Title>
        {(failure || errors[NON_FIELD_ERRORS]) && (
          <Alert color="red" role="alert">
            {failure ?? errors[NON_FIELD_ERRORS]?.join(' ')}
          </Alert>
        )}
        <TextInput
          label={texts.title}
          required
          value={values.title}
          maxLength={200}
          error={form.err('title')}
          onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
        />
        {children}
        <WiringEditor
          coachId={coachId}
          value={values.wiring}
          errors={errors}
          characteristics={characteristics}
          onChange={(wiring) => setValues((v) => ({ ...v, wiring }))}
        />
        <Group>
          <Button type="submit" loading={form.saving}>
            {texts.save}
          </Button>
          <Button variant="default" component={Link} to={managerTo}>
            {texts.cancel}
          </Button>
          {itemId !== null && (
            <Button
              color="red"
              variant="outline"
              loading={remove.isPending}
              onClick={() => void onDelete(itemId)}
            >
              {texts.delete}
            </Button>
          )}
        </Group>
      </Stack>
      <DocumentSection coachId={coachId} kind={document} itemId={itemId} />
      {(document === 'emails' || document === 'surveys') && (
        <AudiencePanel
          coachId={coachId}
          kind={document === 'emails' ? 'email' : 'survey'}
          itemId={itemId}
          draft={draft}
        />
      )}
      {confirm.modal}
    </Stack>
  );
}

/**
 * The repeated parts of a content item (email sections, survey questions): a fieldset with the list's
 * own error (an alert), the parts (`children`, each a {@link RepeatedCard}) and an add button.
 */
export function RepeatedFieldset({
  legend,
  error,
  addLabel,
  onAdd,
  children,
}: {
  legend: string;
  error: string | undefined;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="md">
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {children}
        <Button variant="default" onClick={onAdd}>
          {addLabel}
        </Button>
      </Stack>
    </Fieldset>
  );
}

/**
 * One repeated part of a content item: a card headed by `label`, with a remove button (× named
 * `removeLabel`) when `onRemove` is given, and the part's fields.
 */
export function RepeatedCard({
  label,
  removeLabel,
  onRemove,
  testId,
  children,
}: {
  label: string;
  removeLabel: string;
  onRemove: (() => void) | undefined;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{label}</Text>
          {onRemove && (
            <ActionIcon variant="subtle" color="red" aria-label={removeLabel} onClick={onRemove}>
              ×
            </ActionIcon>
          )}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
