import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';

/** The texts of the delete confirmation (ours; docs/trash.md). */
export const CONFIRM_TEXTS = {
  title: 'Delete?',
  confirm: 'Delete',
  cancel: 'Cancel',
  trashNote: 'It stays in the Trash for 30 days, where you can restore it.',
} as const;

/** Something that goes with the deleted item: how many, and its noun in the singular and the plural. */
export type WithIt = [count: number, one: string, many: string];

/**
 * The question a delete asks, naming what goes and how many things with it (docs/trash.md):
 * `deleteQuestion('the to-do list', 'Week 3', [[4, 'item', 'items']])` →
 * “Delete the to-do list “Week 3” and its 4 items?”. Parts with a count of 0 are left out.
 */
export function deleteQuestion(what: string, name: string, withIt: WithIt[] = []): string {
  const parts = withIt.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  const tail = parts.length === 0 ? '' : ` and its ${parts.join(' and ')}`;
  return `Delete ${what} “${name}”${tail}?`;
}

/**
 * One confirmation for every delete button: `const confirm = useConfirmDelete()`, render `confirm.modal`,
 * and `if (await confirm.ask(question)) remove()`. The dialog asks once, in the words given, and says
 * where the item goes (the Trash, 30 days) unless `note` is given.
 */
export function useConfirmDelete(): {
  ask: (question: string, note?: string) => Promise<boolean>;
  modal: ReactNode;
} {
  const [state, setState] = useState<{ question: string; note: string } | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback((question: string, note: string = CONFIRM_TEXTS.trashNote) => {
    resolver.current?.(false);
    setState({ question, note });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setState(null);
  };
  const modal = (
    <Modal opened={state !== null} onClose={() => close(false)} title={CONFIRM_TEXTS.title} centered>
      <Stack>
        <Text fw={500} data-testid="confirm-delete-question">
          {state?.question}
        </Text>
        {state?.note && (
          <Text size="sm" c="dimmed">
            {state.note}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close(false)}>
            {CONFIRM_TEXTS.cancel}
          </Button>
          <Button color="red.9" onClick={() => close(true)} data-autofocus>
            {CONFIRM_TEXTS.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask, modal };
}
