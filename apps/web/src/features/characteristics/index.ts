/** The characteristics feature's public entry: what other features may use of it. */
export { FieldInput, FieldSelect, fieldBinder, saveErrors } from './EditorShell.tsx';
export {
  ItemEditorForm,
  ItemEditorPage,
  type ItemEditorProps,
  useItemEditor,
  wiringInputs,
} from './ItemEditor.tsx';
