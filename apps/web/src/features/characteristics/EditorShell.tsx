import { EDITOR_TEXTS, type FieldErrors, NON_FIELD_ERRORS, PAGES } from '@course-coach/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';

/** The field errors of a failed save (400), or a non-field message for anything else. */
export function saveErrors(error: unknown): FieldErrors {
  if (!error) return {};
  if (isApiError(error, 400)) return error.fieldErrors;
  return { [NON_FIELD_ERRORS]: [errorMessage(error)] };
}

/** Loading, 404 and error states of an editor's query, else the editor. */
export function EditorLoaded<D>({
  query,
  children,
}: {
  query: UseQueryResult<D> | null;
  children: (data: D | null) => ReactNode;
}) {
  if (!query) return <>{children(null)}</>;
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title="We couldn’t load this item"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * The frame of an editor behind an overview Edit link: a back link to the overview, the title, the
 * form with Save and Cancel, non-field errors and a 'Saved.' status after a save.
 */
export function EditorShell({
  coachId,
  title,
  onSubmit,
  saving,
  saved,
  errors,
  children,
  after,
}: {
  coachId: number;
  title: string;
  onSubmit: () => void;
  saving: boolean;
  saved: boolean;
  errors: FieldErrors;
  children: ReactNode;
  /** Shown after the form's card, outside the form (e.g. the item's document control). */
  after?: ReactNode;
}) {
  const nonField = errors[NON_FIELD_ERRORS];
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={PAGES.characteristicsOverview(coachId)}>
        {EDITOR_TEXTS.backToOverview}
      </Anchor>
      <Title order={1}>{title}</Title>
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="md">
            {children}
            {nonField && (
              <Alert color="red" role="alert">
                {nonField.join(' ')}
              </Alert>
            )}
            <div role="status" aria-live="polite">
              {saved && !saving && <Text c="var(--cc-text-success)">{EDITOR_TEXTS.saved}</Text>}
            </div>
            <Group>
              <Button type="submit" loading={saving}>
                {EDITOR_TEXTS.save}
              </Button>
              <Button component={Link} to={PAGES.characteristicsOverview(coachId)} variant="default">
                {EDITOR_TEXTS.cancel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {after}
    </Stack>
  );
}

/** First message of a field's errors, for a Mantine input's `error`. */
export function fieldError(errors: FieldErrors, field: string): string | undefined {
  return errors[field]?.join(' ');
}

/**
 * A text input of an editor form: shows `value`, reports each edit to `onValue` and shows the errors
 * of `field` (other props go to Mantine's TextInput as they are).
 */
export function FieldInput({
  field,
  errors,
  onValue,
  ...props
}: Omit<TextInputProps, 'onChange' | 'error'> & {
  field: string;
  errors: FieldErrors;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <TextInput
      {...props}
      onChange={(e) => onValue(e.currentTarget.value)}
      error={fieldError(errors, field)}
    />
  );
}

/**
 * A select of an editor form among the fixed `data` (no deselecting; a null pick falls back to
 * `fallback`), showing the errors of `field`.
 */
export function FieldSelect<T extends string>({
  label,
  field,
  errors,
  data,
  value,
  fallback,
  onValue,
}: {
  label: string;
  field: string;
  errors: FieldErrors;
  data: T[];
  value: T;
  fallback: T;
  onValue: (value: T) => void;
}) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(v) => onValue((v as T) ?? fallback)}
      allowDeselect={false}
      error={fieldError(errors, field)}
    />
  );
}

/**
 * Binds editor inputs (`FieldInput`, `FieldSelect`) to `errors`: the returned function takes a field's
 * name, its state value and setter and returns the props that wire them.
 */
export function fieldBinder(errors: FieldErrors) {
  return <T,>(field: string, value: T, onValue: (value: T) => void) => ({ field, errors, value, onValue });
}
