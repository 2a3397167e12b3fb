import type { FieldErrors, WiringInput } from '@course-coach/contracts';
import { type UseMutationResult, type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { characteristicsKeys, useInvalidateCharacteristics } from './characteristics-api.ts';
import { EditorLoaded, EditorShell, saveErrors } from './EditorShell.tsx';

/**
 * Load / save wiring and form frame of the editors that add (`new`) or edit one wired item of a coach
 * (course characteristics, playbooks; spec §2 Edit links, paths ours).
 */

/** Which item an editor works on: `id` null adds a new one. */
export interface ItemEditorProps {
  coachId: number;
  id: number | null;
}

/** The page titles of an add-or-edit editor. */
export interface ItemEditorTitles {
  add: string;
  edit: string;
}

/**
 * The route element of an add-or-edit editor: reads `:coachId` and `:id` (`new` adds), sets the page
 * title, and renders `editor` (keyed by id, so its state starts afresh per item) or the 404 page for an
 * id that is not a plain positive number.
 */
export function ItemEditorPage({
  titles,
  editor: Editor,
}: {
  titles: ItemEditorTitles;
  editor: ComponentType<ItemEditorProps>;
}) {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const isNew = params.id === 'new';
  const id = isNew ? null : parsePathId(params.id);
  usePageTitle(isNew ? titles.add : titles.edit);
  if (coachId === null || (!isNew && id === null)) return <NotFoundPage />;
  return <Editor key={id ?? 'new'} coachId={coachId} id={id} />;
}

/** What `useItemEditor` returns: the load query, the save mutation and the save's field errors. */
export interface ItemEditorState<D> {
  query: UseQueryResult<D>;
  save: UseMutationResult<D, Error, void>;
  errors: FieldErrors;
}

/**
 * How an editor reaches an item described in the contracts (`CHARACTERISTIC_ENDPOINTS`,
 * `PLAYBOOK_ENDPOINTS`, called with `callEndpoint`): load one by id, save one (`id` null adds it).
 */
export interface ItemCalls<D, B> {
  load: (id: number, signal: AbortSignal) => Promise<D>;
  save: (id: number | null, body: B) => Promise<D>;
}

/**
 * Loads the item (`calls.load`; not for a new one) and hands it to `onLoad` to fill the form;
 * `save.mutate()` sends `body()` (`calls.save`), refreshes the characteristics overview and, after
 * adding, moves to `editPage(newId)`. Errors of a failed save come back as field errors (`saveErrors`).
 */
export function useItemEditor<D extends { id: number }, B>(
  options: ItemEditorProps & {
    /** The query key's item kind (`characteristicsKeys.item`). */
    what: string;
    editPage: (id: number) => string;
    onLoad: (data: D) => void;
    body: () => B;
    calls: ItemCalls<D, B>;
  },
): ItemEditorState<D> {
  const { coachId, id, what, editPage, onLoad, body, calls } = options;
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: characteristicsKeys.item(coachId, what, id ?? 0),
    queryFn: ({ signal }) => calls.load(id!, signal),
    enabled: id !== null,
  });
  const load = useRef(onLoad);
  load.current = onLoad;
  useEffect(() => {
    if (query.data) load.current(query.data);
  }, [query.data]);
  const invalidate = useInvalidateCharacteristics(coachId);
  const save = useMutation({
    mutationFn: () => calls.save(id, body()),
    onSuccess: async (saved: D) => {
      await invalidate();
      if (id === null) navigate(editPage(saved.id), { replace: true });
    },
  });
  return { query, save, errors: saveErrors(save.error) };
}

/**
 * The form of an add-or-edit editor: the load states of an existing item (`EditorLoaded`), then the
 * `EditorShell` titled for adding or editing, wired to `editor`'s save, around the fields.
 */
export function ItemEditorForm<D>({
  coachId,
  id,
  titles,
  editor,
  children,
  after,
}: ItemEditorProps & {
  titles: ItemEditorTitles;
  editor: ItemEditorState<D>;
  children: ReactNode;
  /** Shown after the form, outside it (EditorShell's `after`). */
  after?: ReactNode;
}) {
  return (
    <EditorLoaded query={id === null ? null : editor.query}>
      {() => (
        <EditorShell
          coachId={coachId}
          title={id === null ? titles.add : titles.edit}
          onSubmit={() => editor.save.mutate()}
          saving={editor.save.isPending}
          saved={editor.save.isSuccess}
          errors={editor.errors}
          after={after}
        >
          {children}
        </EditorShell>
      )}
    </EditorLoaded>
  );
}

/** Wirings as the form edits them: label and value only (a loaded wiring also carries its id). */
export function wiringInputs(wiring: ReadonlyArray<WiringInput>): WiringInput[] {
  return wiring.map((w) => ({ label: w.label, value: w.value }));
}
