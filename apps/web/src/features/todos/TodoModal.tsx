import { TODO_TEXTS, type TodoItem } from '@course-coach/contracts';
import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { LazyTodoForm } from './LazyTodoForm.tsx';
import { useDeleteTodoItem, useSaveTodoItem, useTodoTags } from './todos-api.ts';

export interface TodoModalProps {
  coachId: number;
  opened: boolean;
  /** The item to edit, or null to add one. */
  item: TodoItem | null;
  /** The list a new item goes to. */
  listId: number | null;
  /** Called after a successful save or delete, and on Cancel: closes the modal and clears the selection. */
  onClose: () => void;
}

/**
 * The to-do modal of the card's sidebar mode (spec §2, §4): titled 'Add Your Own To-Do Item' or 'Edit
 * Your To-Do Item', with Delete for account-owned items. It closes on success and clears the selection;
 * on a validation error it stays open and shows the field errors.
 */
export function TodoModal({ coachId, opened, item, listId, onClose }: TodoModalProps) {
  const tags = useTodoTags(coachId, opened);
  const save = useSaveTodoItem(coachId);
  const remove = useDeleteTodoItem(coachId);
  const undo = useUndoDelete();
  const ownItem = item !== null && !item.staff_created;
  // Opened one render after it mounts: the card mounts this modal (a lazily loaded chunk) at its first
  // opening, and Mantine's Modal notes the element to give focus back to on close only when `opened`
  // changes, not when it mounts open (its focus return, WCAG 2.4.3 Focus Order).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened && mounted}
      onClose={onClose}
      title={item ? TODO_TEXTS.modalEditTitle : TODO_TEXTS.modalAddTitle}
      size="lg"
      data-testid="todo-modal"
    >
      {opened && (
        <LazyTodoForm
          key={item?.id ?? 'new'}
          item={item}
          listId={listId}
          tags={tags.data ?? []}
          onSave={async (body) => {
            await save.mutateAsync(body);
            onClose();
          }}
          onCancel={onClose}
          onDelete={
            ownItem
              ? async () => {
                  await remove.mutateAsync(item.id);
                  undo({ coachId, kind: 'own_todo', id: item.id, label: `To-do “${item.title}”` });
                  onClose();
                }
              : undefined
          }
        />
      )}
    </Modal>
  );
}
