import {
  type CalculatorAssignment,
  type GradeCalculatorData,
  type Needed,
  parseWhatIfScore,
  projectGrade,
} from '@course-coach/contracts';
import { Alert, Card, NativeSelect, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { ReflowTable } from '../../components/ReflowTable.tsx';
import { formatPercent } from './grade-data.ts';

/** Texts of the Grade Calculator (ours; docs/grades.md "The Grade Calculator"). */
export const CALCULATOR_TEXTS = {
  gradedTitle: 'Graded assignments',
  remainingTitle: 'Remaining assignments',
  assignment: 'Assignment',
  weight: 'Weight',
  weightHint: 'Weight is each assignment’s share of your final grade.',
  score: 'Your score',
  whatIf: 'What-if score',
  whatIfLabel: (title: string, max: number) => `What-if score for ${title}, out of ${max}`,
  notSubmitted: 'No score (counts as 0)',
  noneGraded: 'Nothing has been graded yet.',
  noneRemaining: 'There are no assignments left to grade.',
  equalWeighting:
    'Every assignment in this course has a weight of 0, so the calculator counts each one equally.',
  blanksCountZero: 'Remaining assignments you leave blank count as 0 until you enter a what-if score.',
  resultTitle: 'Your projected final grade',
  projected: (percent: string, letter: string) => `Projected final grade: ${percent} (${letter})`,
  secured: (percent: string) => `Already secured from graded work: ${percent}.`,
  neededTitle: 'What do I need?',
  targetLabel: 'Letter I want',
  neededOn: (letter: string, min: string, average: string, share: string) =>
    `To finish with ${letter} (${min} or more), you need an average of ${average} on the remaining assignments (${share} of your grade).`,
  alreadySecured: (letter: string, secured: string) =>
    `You have already secured ${letter}: your graded work alone gives you ${secured}, even with 0 on everything left.`,
  unreachable: (letter: string, best: string, bestLetter: string) =>
    `${letter} is no longer reachable: even with full marks on everything left, the best you can finish with is ${best} (${bestLetter}).`,
} as const;

/** The sentence that answers "what do I need" for one letter. */
export function neededSentence(
  letter: string,
  min: number,
  needed: Needed,
  secured: number,
  remainingShare: number,
): string {
  if (needed.kind === 'secured') return CALCULATOR_TEXTS.alreadySecured(letter, formatPercent(secured));
  if (needed.kind === 'unreachable')
    return CALCULATOR_TEXTS.unreachable(letter, formatPercent(needed.best), needed.bestLetter);
  return CALCULATOR_TEXTS.neededOn(
    letter,
    formatPercent(min),
    formatPercent(needed.average),
    formatPercent(remainingShare),
  );
}

/** The first letter the graded work has not secured yet (a goal worth showing), else the top letter. */
function defaultTarget(data: GradeCalculatorData, needed: Record<string, Needed>): string {
  const open = data.letter_boundaries.find((b) => needed[b.letter]?.kind !== 'secured');
  return (open ?? data.letter_boundaries[data.letter_boundaries.length - 1])?.letter ?? '';
}

interface Props {
  data: GradeCalculatorData;
}

/**
 * The student's Grade Calculator: the graded assignments with weight and score, the remaining ones with
 * a what-if score field each (checked by parseWhatIfScore: 0..max, refused with a message), the projected
 * final percentage and letter (projectGrade) in a live region, and "what do I need" for a chosen letter.
 */
export function GradeCalculator({ data }: Props) {
  const [typed, setTyped] = useState<Record<number, string>>({});
  const parsed = useMemo(() => {
    const values: Record<number, number | null> = {};
    const errors: Record<number, string> = {};
    for (const a of data.assignments) {
      const result = parseWhatIfScore(typed[a.id] ?? '', a.max_score);
      if ('error' in result) errors[a.id] = result.error;
      else values[a.id] = result.value;
    }
    return { values, errors };
  }, [data.assignments, typed]);
  const projection = projectGrade(data.assignments, parsed.values, data.letter_boundaries);
  const [target, setTarget] = useState(() => defaultTarget(data, projection.needed));
  const graded = data.assignments.filter((a) => a.status === 'graded');
  const remaining = data.assignments.filter((a) => a.status === 'remaining');
  const remainingShare = remaining.reduce((sum, a) => sum + (projection.shares[a.id] ?? 0), 0);
  const boundary = data.letter_boundaries.find((b) => b.letter === target) ?? data.letter_boundaries[0];
  const hasErrors = Object.keys(parsed.errors).length > 0;
  const weightCell = (a: CalculatorAssignment) => formatPercent(projection.shares[a.id] ?? 0);

  return (
    <Stack gap="lg">
      {projection.equalWeighting && (
        <Alert color="blue" variant="light" data-testid="calculator-equal-weighting">
          {CALCULATOR_TEXTS.equalWeighting}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {CALCULATOR_TEXTS.weightHint}
      </Text>

      <Section title={CALCULATOR_TEXTS.gradedTitle} testId="calculator-graded">
        {graded.length === 0 ? (
          <Text>{CALCULATOR_TEXTS.noneGraded}</Text>
        ) : (
          <ReflowTable
            striped
            aria-label={CALCULATOR_TEXTS.gradedTitle}
            data-testid="calculator-graded-table"
            rows={graded}
            rowKey={(a) => a.id}
            rowAttributes={() => ({ 'data-testid': 'calculator-graded-row' })}
            columns={[
              { header: CALCULATOR_TEXTS.assignment, cell: (a) => a.title, rowHeader: true },
              { header: CALCULATOR_TEXTS.weight, cell: weightCell },
              {
                header: CALCULATOR_TEXTS.score,
                cell: (a) =>
                  a.score === null ? CALCULATOR_TEXTS.notSubmitted : `${a.score} / ${a.max_score}`,
              },
            ]}
          />
        )}
      </Section>

      <Section title={CALCULATOR_TEXTS.remainingTitle} testId="calculator-remaining">
        {remaining.length === 0 ? (
          <Text>{CALCULATOR_TEXTS.noneRemaining}</Text>
        ) : (
          <>
            <Text size="sm">{CALCULATOR_TEXTS.blanksCountZero}</Text>
            <ReflowTable
              aria-label={CALCULATOR_TEXTS.remainingTitle}
              data-testid="calculator-remaining-table"
              rows={remaining}
              rowKey={(a) => a.id}
              rowAttributes={() => ({ 'data-testid': 'calculator-remaining-row' })}
              columns={[
                { header: CALCULATOR_TEXTS.assignment, cell: (a) => a.title, rowHeader: true },
                { header: CALCULATOR_TEXTS.weight, cell: weightCell },
                {
                  header: CALCULATOR_TEXTS.whatIf,
                  cell: (a) => (
                    <TextInput
                      label={
                        <VisuallyHidden>{CALCULATOR_TEXTS.whatIfLabel(a.title, a.max_score)}</VisuallyHidden>
                      }
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder={`0–${a.max_score}`}
                      value={typed[a.id] ?? ''}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setTyped((t) => ({ ...t, [a.id]: value }));
                      }}
                      error={parsed.errors[a.id]}
                      miw={88}
                    />
                  ),
                },
              ]}
            />
          </>
        )}
      </Section>

      <Section title={CALCULATOR_TEXTS.resultTitle} testId="calculator-result">
        <div role="status" aria-live="polite" aria-atomic="true" data-testid="calculator-projection">
          <Text size="lg" fw={600}>
            {CALCULATOR_TEXTS.projected(
              formatPercent(projection.projectedPercent),
              projection.projectedLetter,
            )}
          </Text>
          <Text size="sm">{CALCULATOR_TEXTS.secured(formatPercent(projection.securedPercent))}</Text>
          {hasErrors && (
            <Text size="sm" c="var(--mantine-color-error)">
              Scores that are not valid are left out until you correct them.
            </Text>
          )}
        </div>
      </Section>

      <Section title={CALCULATOR_TEXTS.neededTitle} testId="calculator-needed">
        <NativeSelect
          label={CALCULATOR_TEXTS.targetLabel}
          value={boundary?.letter ?? ''}
          onChange={(e) => setTarget(e.currentTarget.value)}
          data={[...data.letter_boundaries].reverse().map((b) => ({
            value: b.letter,
            label: `${b.letter} (${formatPercent(b.min)} or more)`,
          }))}
          maw={240}
        />
        {boundary && projection.needed[boundary.letter] && (
          <Text role="status" aria-live="polite" mt="sm" data-testid="calculator-needed-text">
            {neededSentence(
              boundary.letter,
              boundary.min,
              projection.needed[boundary.letter]!,
              projection.securedPercent,
              remainingShare,
            )}
          </Text>
        )}
      </Section>
    </Stack>
  );
}

/** A titled card section of the calculator. */
function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
