import {
  type CohortGroup,
  type FieldErrors,
  TAILORING_ENDPOINTS,
  TAILORING_TEXTS,
} from '@course-coach/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError } from '../../api/client.ts';

export interface InsightGroupCollectionFormModalProps {
  coachId: number;
  opened: boolean;
  onClose: () => void;
  /** The collection to edit; null to add one. */
  collection: CohortGroup | null;
  /** Called with the saved collection; the modal then closes. */
  onSaved: (saved: CohortGroup) => void;
  /** Offered as Delete when editing (the caller asks for confirmation). */
  onDelete?: () => void;
}

/** Message of an empty collection name (spec §5: cohort group name required). */
const NAME_REQUIRED = 'This field is required.';

/**
 * The Insight Group Collection form in a modal ('Add Collection Group' / 'Edit Collection Group', with
 * Delete when editing). Server field errors show beside the name, base errors above it; the modal stays open.
 */
export function InsightGroupCollectionFormModal(props: InsightGroupCollectionFormModalProps) {
  const title = props.collection ? TAILORING_TEXTS.editCollectionGroup : TAILORING_TEXTS.addCollectionGroup;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title}>
      {props.opened && <InsightGroupCollectionForm key={props.collection?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function InsightGroupCollectionForm({
  coachId,
  onClose,
  collection,
  onSaved,
  onDelete,
}: InsightGroupCollectionFormModalProps) {
  const [name, setName] = useState(collection?.name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (body: { name: string }) =>
      collection
        ? callEndpoint(TAILORING_ENDPOINTS.updateGroup, {
            params: { coachId, cohortGroupId: collection.id },
            body,
          })
        : callEndpoint(TAILORING_ENDPOINTS.createGroup, { params: { coachId }, body }),
    onSuccess: (saved) => {
      onSaved(saved);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors);
      else setErrors({ non_field_errors: [error.message] });
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ name: [NAME_REQUIRED] });
      return;
    }
    setErrors({});
    save.mutate({ name: trimmed });
  }

  const baseErrors = [...(errors.base ?? []), ...(errors.non_field_errors ?? []), ...(errors.detail ?? [])];
  return (
    <form onSubmit={onSubmit} noValidate data-testid="insight-group-collection-form">
      <Stack gap="md">
        {baseErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {baseErrors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name?.[0]}
          maxLength={255}
          data-autofocus
        />
        <Group justify="space-between">
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            <Button variant="default" onClick={onClose}>
              {TAILORING_TEXTS.cancel}
            </Button>
          </Group>
          {collection && onDelete && (
            <Button color="red" variant="outline" onClick={onDelete}>
              {TAILORING_TEXTS.delete}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
