import {
  type FieldErrors,
  type MyPlaybook,
  type MyPlaybookDetail,
  NON_FIELD_ERRORS,
  PLAYBOOK_PLAN_MESSAGES,
  PLAYBOOK_PLAN_PAGES,
  PLAYBOOK_SECTION_TEXTS,
  type PlaybookPhaseName,
  type PlaybookQuestion,
  PLAYBOOK_PLAN_TEXTS as T,
} from '@course-coach/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { HelpTip } from '../../components/HelpTip.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PlaybookQuestionField } from './PlaybookQuestionField.tsx';
import { useMyPlaybook, useMyPlaybooks, useSavePlaybookPhase } from './playbook-plan-api.ts';

const STAGE_COLOR = {
  upcoming: 'gray.8',
  planning: 'indigo.9',
  reflection: 'teal.9',
  closed: 'gray.8',
} as const;

/** A YYYY-MM-DD day as the reader's long date (read in UTC, as the server counts days). */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The exam date, or the custom date message when there is none (spec §4 "Playbook"). */
function examLine(p: MyPlaybook): string {
  return p.exam_date ? T.examOn(formatDay(p.exam_date)) : (p.custom_date_message ?? '');
}

function StatusBadges({ p }: { p: MyPlaybook }) {
  return (
    <Group gap="xs">
      <Badge color={STAGE_COLOR[p.stage]}>{T.stage[p.stage]}</Badge>
      <Badge
        color={p.planning_completed_at ? 'var(--cc-text-success)' : 'var(--mantine-color-dimmed)'}
        variant="outline"
      >
        {p.planning_completed_at ? T.planned : T.notStarted}
      </Badge>
      {p.reflection_completed_at && (
        <Badge color="var(--cc-text-success)" variant="outline">
          {T.reflected}
        </Badge>
      )}
    </Group>
  );
}

/** What a playbook is, behind the list's help icon (docs/student-experience.md, "Help text"). */
export const PLAYBOOK_HELP =
  'An Exam Playbook is your plan for an exam: before it, choose how and with what you will prepare; after it, look back on how it went.';

/** `/Dashboard/Coach/{coachId}/Playbook/` (ours): the student's released playbooks with stage and progress. */
export function MyPlaybooksPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(T.listTitle);
  const playbooks = useMyPlaybooks(coachId ?? 0);
  if (coachId === null) return <NotFoundPage />;
  return (
    <QueryView query={playbooks} errorTitle="We couldn’t load your playbooks">
      {(list) => (
        <Stack gap="lg" maw={860}>
          <Group gap="xs">
            <Title order={1}>{T.listTitle}</Title>
            <HelpTip term="Playbook">{PLAYBOOK_HELP}</HelpTip>
          </Group>
          <Text>{T.listIntro}</Text>
          {list.length === 0 && <Text>{PLAYBOOK_PLAN_MESSAGES.empty}</Text>}
          {list.map((p) => (
            <Card key={p.id} withBorder data-testid="my-playbook">
              <Stack gap={6}>
                <Anchor component={Link} to={PLAYBOOK_PLAN_PAGES.one(coachId, p.id)} fw={600}>
                  {p.title}
                </Anchor>
                <Text size="sm">{examLine(p)}</Text>
                <StatusBadges p={p} />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/Playbook/{playbookId}/` (ours): the student's Exam Playbook. Planning is
 * open before the exam, reflection after it (docs/playbooks.md "Windows"); each choice is saved as it is
 * made, a number when the field is left; the phase's button completes it.
 */
export function MyPlaybookPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const id = parsePathId(params.playbookId);
  const playbook = useMyPlaybook(coachId ?? 0, coachId === null ? null : id);
  usePageTitle(playbook.data?.title ?? T.listTitle);
  if (coachId === null || id === null) return <NotFoundPage />;
  return (
    <QueryView query={playbook} errorTitle="We couldn’t load this playbook" notFoundOn404>
      {(data) => (
        <Stack gap="lg" maw={860}>
          <Anchor component={Link} to={PLAYBOOK_PLAN_PAGES.list(coachId)}>
            {T.backToList}
          </Anchor>
          <Stack gap={6}>
            <Title order={1}>{data.title}</Title>
            <Text>{examLine(data)}</Text>
            <StatusBadges p={data} />
          </Stack>
          <Alert color={data.stage === 'closed' ? 'gray' : 'blue'} data-testid="playbook-stage">
            {data.stage === 'upcoming' && T.stageHelp.upcoming(formatDay(data.planning_opens_on))}
            {data.stage === 'planning' &&
              T.stageHelp.planning(data.planning_closes_on ? formatDay(data.planning_closes_on) : null)}
            {data.stage === 'reflection' &&
              T.stageHelp.reflection(data.reflection_closes_on ? formatDay(data.reflection_closes_on) : null)}
            {data.stage === 'closed' && T.stageHelp.closed}
          </Alert>
          {data.stage === 'reflection' || data.stage === 'closed' ? (
            <>
              <PhaseForm coachId={coachId} playbook={data} phase="reflection" />
              <PhaseForm coachId={coachId} playbook={data} phase="planning" />
            </>
          ) : (
            <PhaseForm coachId={coachId} playbook={data} phase="planning" />
          )}
        </Stack>
      )}
    </QueryView>
  );
}

/** The questions of one phase, by section; editable while the phase is open today. */
function PhaseForm({
  coachId,
  playbook,
  phase,
}: {
  coachId: number;
  playbook: MyPlaybookDetail;
  phase: PlaybookPhaseName;
}) {
  const save = useSavePlaybookPhase(coachId, playbook.id, phase);
  const open = playbook.stage === phase;
  const questions = playbook.questions.filter((q) =>
    phase === 'planning' ? q.section !== 'reflection' : q.section === 'reflection',
  );
  const [values, setValues] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(questions.map((q) => [q.characteristic, q.answer])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const completed = phase === 'planning' ? playbook.planning_completed_at : playbook.reflection_completed_at;

  const send = async (answers: Array<{ characteristic: string; value: string[] }>, submit: boolean) => {
    setFailure(null);
    setStatus(T.saving);
    try {
      await save.mutateAsync({ answers, submit });
      setErrors((all) => {
        const next = { ...all };
        for (const a of answers) delete next[a.characteristic];
        if (submit) return {};
        return next;
      });
      setStatus(submit ? PLAYBOOK_PLAN_MESSAGES.submitted[phase] : PLAYBOOK_PLAN_MESSAGES.saved);
    } catch (error) {
      setStatus(null);
      if (isApiError(error, 400)) setErrors((all) => ({ ...all, ...error.fieldErrors }));
      else setFailure(errorMessage(error));
    }
  };
  const change = (q: PlaybookQuestion, next: string[], now: boolean) => {
    setValues((all) => ({ ...all, [q.characteristic]: next }));
    if (now) void send([{ characteristic: q.characteristic, value: next }], false);
  };
  const complete = () =>
    void send(
      questions.map((q) => ({ characteristic: q.characteristic, value: values[q.characteristic] ?? [] })),
      true,
    );

  const sections = phase === 'planning' ? (['planning', 'emotions'] as const) : (['reflection'] as const);
  return (
    <Card withBorder component="section" aria-labelledby={`phase-${phase}`} data-testid={`phase-${phase}`}>
      <Stack gap="md">
        <Title order={2} id={`phase-${phase}`}>
          {phase === 'planning' ? T.planningHeading : T.reflectionHeading}
        </Title>
        {questions.length === 0 && <Text>{PLAYBOOK_PLAN_MESSAGES.noQuestions}</Text>}
        {sections.map((section) => {
          const list = questions.filter((q) => q.section === section);
          if (list.length === 0) return null;
          return (
            <Stack key={section} gap="sm">
              <Title order={3}>{PLAYBOOK_SECTION_TEXTS[section].title}</Title>
              <Text size="sm" c="dimmed">
                {PLAYBOOK_SECTION_TEXTS[section].hint}
              </Text>
              {list.map((q) => (
                <PlaybookQuestionField
                  key={q.characteristic}
                  question={q}
                  value={values[q.characteristic] ?? []}
                  error={errors[q.characteristic]?.join(' ')}
                  disabled={!open}
                  onChange={(next, now) => change(q, next, now)}
                />
              ))}
            </Stack>
          );
        })}
        {(failure || errors[NON_FIELD_ERRORS]) && (
          <Alert color="red" role="alert">
            {failure ?? errors[NON_FIELD_ERRORS]?.join(' ')}
          </Alert>
        )}
        <Text role="status" size="sm" aria-live="polite" data-testid={`status-${phase}`}>
          {status ?? ''}
        </Text>
        {open && questions.length > 0 && (
          <Group>
            <Button onClick={complete} loading={save.isPending && status === T.saving}>
              {phase === 'planning' ? T.completePlanning : T.completeReflection}
            </Button>
            {completed && <Text size="sm">{phase === 'planning' ? T.planned : T.reflected}</Text>}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
