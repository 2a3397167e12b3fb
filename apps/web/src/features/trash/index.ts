/**
 * The trash (docs/trash.md): the coach's staff Trash page, a student's deleted to-dos and the institution's
 * deleted FAQ entries.
 */
export { InstitutionTrashSection } from './InstitutionTrashSection.tsx';
export { MyTrashSection } from './MyTrashSection.tsx';
export { TRASH_TEXTS } from './TrashTable.tsx';
