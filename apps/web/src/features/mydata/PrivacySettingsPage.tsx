import {
  type ChartSettings,
  ChartSettingsSchema,
  type CohortVisibilityList,
  MY_DATA_TEXTS,
} from '@course-coach/contracts';
import { Alert, Button, Card, Checkbox, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import {
  useChartSettings,
  useCohortVisibility,
  useSaveChartSettings,
  useSetCohortVisibility,
} from './api.ts';

type Errors = Partial<Record<keyof ChartSettings | 'non_field_errors', string>>;

/** The floors and the comparison group; checked with the server's own schema before saving. */
function SettingsForm({
  coachId,
  initial,
  cohorts,
}: {
  coachId: number;
  initial: ChartSettings;
  cohorts: CohortVisibilityList;
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveChartSettings(coachId);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const checked = ChartSettingsSchema.safeParse(form);
    if (!checked.success) {
      const out: Errors = {};
      for (const issue of checked.error.issues) out[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const out: Errors = {};
        if (isApiError(error, 400))
          for (const [k, v] of Object.entries(error.fieldErrors)) out[k as keyof Errors] = v[0];
        else out.non_field_errors = errorMessage(error);
        setErrors(out);
      },
    });
  };
  const number = (v: string | number) => (typeof v === 'number' ? v : Number.NaN);
  return (
    <form onSubmit={submit} noValidate data-testid="chart-settings-form">
      <Stack gap="md">
        <NumberInput
          label={MY_DATA_TEXTS.minBar}
          description={MY_DATA_TEXTS.minBarHelp}
          value={form.min_bar_students}
          onChange={(v) => setForm({ ...form, min_bar_students: number(v) })}
          error={errors.min_bar_students}
          allowDecimal={false}
          clampBehavior="none"
          min={1}
          max={1000}
        />
        <NumberInput
          label={MY_DATA_TEXTS.minClass}
          description={MY_DATA_TEXTS.minClassHelp}
          value={form.min_class_students}
          onChange={(v) => setForm({ ...form, min_class_students: number(v) })}
          error={errors.min_class_students}
          allowDecimal={false}
          clampBehavior="none"
          min={1}
          max={1000}
        />
        <Select
          label={MY_DATA_TEXTS.comparison}
          description={MY_DATA_TEXTS.comparisonHelp}
          data={[
            { value: '', label: MY_DATA_TEXTS.classMedian },
            ...cohorts.map((c) => ({ value: String(c.id), label: `${c.name} median` })),
          ]}
          value={form.comparison_cohort_id === null ? '' : String(form.comparison_cohort_id)}
          onChange={(v) => setForm({ ...form, comparison_cohort_id: v ? Number(v) : null })}
          error={errors.comparison_cohort_id}
          allowDeselect={false}
        />
        {errors.non_field_errors ? (
          <Alert color="red" variant="light" role="alert">
            {errors.non_field_errors}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" loading={save.isPending}>
            {MY_DATA_TEXTS.saveSettings}
          </Button>
        </div>
        <Text size="sm" c="green.9" role="status" data-testid="chart-settings-saved">
          {saved ? MY_DATA_TEXTS.saved : ''}
        </Text>
      </Stack>
    </form>
  );
}

/** One checkbox per Insight Group: whether its members see it on My data. */
function Visibility({ coachId, cohorts }: { coachId: number; cohorts: CohortVisibilityList }) {
  const set = useSetCohortVisibility(coachId);
  if (cohorts.length === 0) return <Text c="dimmed">{MY_DATA_TEXTS.noCohorts}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {MY_DATA_TEXTS.visibilityHelp}
      </Text>
      {cohorts.map((c) => (
        <Checkbox
          key={c.id}
          label={c.name}
          checked={
            set.isPending && set.variables.cohortId === c.id
              ? set.variables.visible_to_students
              : c.visible_to_students
          }
          disabled={set.isPending}
          onChange={(e) => set.mutate({ cohortId: c.id, visible_to_students: e.currentTarget.checked })}
        />
      ))}
      {set.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(set.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/PrivacySettings/` (ours; docs/charts.md, docs/my-data.md): staff and
 * instructors set the class charts' privacy floors and comparison group, and which Insight Groups
 * students see on My data.
 */
export function PrivacySettingsPage() {
  const coachId = parsePathId(useParams().coachId);
  const { data: me } = useMe();
  usePageTitle(MY_DATA_TEXTS.settingsTitle);
  const access = coachId !== null && me ? coachAccess(me, coachId) : 'unknown';
  const staff = access === 'staff' || access === 'instructor';
  const settings = useChartSettings(coachId ?? 0, staff);
  const cohorts = useCohortVisibility(coachId ?? 0, staff);
  if (coachId === null || !me || !staff) return <NotFoundPage />;
  let body: React.ReactNode;
  if (settings.isPending || cohorts.isPending) body = <LoadingState />;
  else if (settings.isError || cohorts.isError) {
    const failed = settings.isError ? settings : cohorts;
    body = (
      <ErrorState
        title="We couldn’t load the privacy settings"
        message={errorMessage(failed.error)}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else
    body = (
      <Stack gap="lg">
        <Section title="Class charts">
          <SettingsForm coachId={coachId} initial={settings.data} cohorts={cohorts.data} />
        </Section>
        <Section title={MY_DATA_TEXTS.visibilityTitle}>
          <Visibility coachId={coachId} cohorts={cohorts.data} />
        </Section>
      </Stack>
    );
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{MY_DATA_TEXTS.settingsTitle}</Title>
      <Text c="dimmed">{MY_DATA_TEXTS.settingsIntro}</Text>
      {body}
    </Stack>
  );
}
