/** The content feature's public entry: what other features may use of it. */
export {
  ContentEditorForm,
  EditorLoader,
  listField,
  RepeatedCard,
  RepeatedFieldset,
  useContentForm,
  useEditorRoute,
} from './ContentEditor.tsx';
export { ContentManager, type ManagerColumn } from './ContentManager.tsx';
export { fromLocalInput, toLocalInput } from './datetime-local.ts';
