/** The coach's trash (docs/trash.md): the staff Trash page and a student's deleted to-dos. */
export { MyTrashSection } from './MyTrashSection.tsx';
export { TRASH_TEXTS } from './TrashTable.tsx';
