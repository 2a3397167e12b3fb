/**
 * The coach's trash (docs/trash.md): `moveToTrash`, which each delete calls in its own transaction before
 * deleting. The routes (list, restore) are in routes.ts, registered by app.ts.
 */
export {
  contentExtras,
  moveToTrash,
  purgeExpired,
  type TrashRows,
  type TrashSpec,
  titleFromHtml,
} from './capture.ts';
