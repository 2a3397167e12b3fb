/** Retiring a characteristic definition (docs/characteristics.md): the confirmation naming its uses. */
import {
  CHARACTERISTIC_DEFINITION_ENDPOINTS,
  type CharacteristicDefinition,
  type CharacteristicUse,
} from '@course-coach/contracts';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage, isApiError } from '../../api/client.ts';

/** The retire confirmation: names the uses the server reported (409) and offers to retire anyway. */
export function RetireDialog({
  institutionId,
  definition,
  onDone,
}: {
  institutionId: number;
  definition: CharacteristicDefinition;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [uses, setUses] = useState<CharacteristicUse[]>(definition.uses);
  const retire = useMutation({
    mutationFn: (force: boolean) =>
      callEndpoint(CHARACTERISTIC_DEFINITION_ENDPOINTS.retire, {
        params: { institutionId, id: definition.id },
        query: { force: force ? 'true' : undefined },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['characteristic-definitions', institutionId] });
      onDone();
    },
    onError: (error) => {
      if (isApiError(error, 409)) setUses((error.body as { uses: CharacteristicUse[] }).uses);
    },
  });
  return (
    <Stack gap="sm">
      {uses.length > 0 ? (
        <>
          <Text>
            “{definition.label}” is used in {uses.length} place{uses.length === 1 ? '' : 's'}. Retiring it
            makes these rules and wiring invalid:
          </Text>
          <List data-testid="retire-uses">
            {uses.map((u) => (
              <List.Item key={`${u.kind}-${u.coach_id}-${u.description}`}>
                {u.description} — {u.coach}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text>Retire “{definition.label}”? It leaves the dictionary; its values are kept.</Text>
      )}
      {retire.isError && !isApiError(retire.error, 409) && (
        <Alert color="red" role="alert">
          {errorMessage(retire.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button color="red" loading={retire.isPending} onClick={() => retire.mutate(uses.length > 0)}>
          {uses.length > 0 ? 'Retire anyway' : 'Retire'}
        </Button>
      </Group>
    </Stack>
  );
}
