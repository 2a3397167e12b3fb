import { type Cohort, type CohortBody, type FieldErrors, TAILORING_ENDPOINTS } from '@course-coach/contracts';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError } from '../../api/client.ts';
import { useCohortGroups, useDictionary } from './api.ts';

export interface InsightGroupFormProps {
  coachId: number;
  /** The group to edit; omit to add one. */
  cohort?: Cohort;
  /** Preselected collection for a new group. */
  defaultCollectionId?: number | null;
  onSaved: (cohort: Cohort) => void;
  onCancel?: () => void;
  /** Extra buttons at the end of the button row (Edit Group puts Delete there). */
  extraActions?: ReactNode;
}

/** Message of a required group name left empty (spec §5: group name required, trimmed). */
export const GROUP_NAME_REQUIRED = 'This field is required.';

/**
 * The Insight Group form (spec §3 cohort group form fields: name, cohort_group, source, characteristic).
 * Saves with POST, or PUT when editing; server field errors show beside the fields and base errors above
 * them, and the form stays as it is.
 */
export function InsightGroupForm({
  coachId,
  cohort,
  defaultCollectionId = null,
  onSaved,
  onCancel,
  extraActions,
}: InsightGroupFormProps) {
  const groups = useCohortGroups(coachId);
  const dictionary = useDictionary(coachId);
  const [name, setName] = useState(cohort?.name ?? '');
  const [collection, setCollection] = useState<string | null>(
    cohort?.cohort_group != null
      ? String(cohort.cohort_group)
      : defaultCollectionId != null
        ? String(defaultCollectionId)
        : null,
  );
  const [source, setSource] = useState<string | null>(cohort?.source ?? null);
  const [characteristic, setCharacteristic] = useState(cohort?.characteristic ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationFn: (body: CohortBody) =>
      cohort
        ? callEndpoint(TAILORING_ENDPOINTS.updateCohort, { params: { coachId, cohortId: cohort.id }, body })
        : callEndpoint(TAILORING_ENDPOINTS.createCohort, { params: { coachId }, body }),
    onSuccess: (saved) => onSaved(saved),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors);
      else setErrors({ non_field_errors: [error.message] });
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ name: [GROUP_NAME_REQUIRED] });
      return;
    }
    setErrors({});
    save.mutate({
      name: trimmed,
      cohort_group: collection ? Number(collection) : null,
      source: source || null,
      characteristic: characteristic.trim() || null,
    });
  }

  const first = (key: string) => errors[key]?.[0];
  const baseErrors = [...(errors.base ?? []), ...(errors.non_field_errors ?? []), ...(errors.detail ?? [])];
  const sources = dictionary.data?.sources ?? [];

  return (
    <form onSubmit={onSubmit} noValidate aria-label={cohort ? 'Edit Group' : 'Add Group'}>
      <Stack gap="md">
        {baseErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert" data-testid="insight-group-form-errors">
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
          error={first('name')}
          maxLength={255}
        />
        <Select
          label="Insight Group Collection"
          placeholder="None"
          clearable
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={collection}
          onChange={setCollection}
          error={first('cohort_group')}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="Source (where the values come from)"
          placeholder="None"
          clearable
          data={sources.map((s) => ({ value: s.name, label: s.label }))}
          value={source}
          onChange={setSource}
          error={first('source')}
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label="Membership Characteristic"
          description="Optional: a characteristic that records who is in this group, kept in the source above."
          value={characteristic}
          onChange={(e) => setCharacteristic(e.currentTarget.value)}
          error={first('characteristic')}
          maxLength={255}
        />
        <Group justify="space-between" mt="sm">
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </Group>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
