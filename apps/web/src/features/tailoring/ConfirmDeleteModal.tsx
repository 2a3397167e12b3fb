import { TAILORING_TEXTS } from '@course-coach/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  /** Dialog title, e.g. 'Delete Insight Group'. */
  title: string;
  /** The question, verbatim from the spec. */
  message: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** True while the delete runs. */
  loading?: boolean;
  /** Why the delete failed, shown in the dialog (which stays open). */
  error?: string | null;
}

/** A delete confirmation (spec §2 'Delete Insight Group', §4 cohort group delete): Cancel / Yes, delete. */
export function ConfirmDeleteModal({
  opened,
  title,
  message,
  onCancel,
  onConfirm,
  loading,
  error,
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} data-testid="confirm-delete">
      <Stack gap="md">
        <Text>{message}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {TAILORING_TEXTS.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {TAILORING_TEXTS.yesDelete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
