import { FAQ_TEXTS, type FaqEntry, searchFaq } from '@course-coach/contracts';
import { Anchor, Card, Highlight, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { htmlToText } from '../../components/SafeHtml.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useCoachFaq } from './faq-api.ts';
import { highlightHtml, searchWords } from './highlight.ts';

/** One question and its answer, the search words marked in both. */
function FaqItem({ entry, words }: { entry: FaqEntry; words: string[] }) {
  const answer = useMemo(() => highlightHtml(entry.answer, words), [entry.answer, words]);
  return (
    <Card withBorder padding="md" component="article" data-testid="faq-entry">
      <Title order={3} size="h4" mb="xs">
        <Highlight component="span" inherit highlight={words}>
          {entry.question}
        </Highlight>
      </Title>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised (allow-list) in highlightHtml. */}
      <div className="faq-answer" dangerouslySetInnerHTML={{ __html: answer }} />
    </Card>
  );
}

/** A titled section of entries; nothing when it has none. */
function FaqSection({ title, entries, words }: { title: string; entries: FaqEntry[]; words: string[] }) {
  if (entries.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {entries.map((e) => (
        <FaqItem key={e.id} entry={e} words={words} />
      ))}
    </Stack>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/FAQ/` (docs/faq-checklists.md): the course FAQ and the institution FAQ,
 * searched as one types (every word must be in the question or the answer; matches are marked), and the
 * coach's support e-mail as a mailto link.
 */
export function FaqPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(FAQ_TEXTS.pageTitle);
  const faq = useCoachFaq(coachId ?? 0);
  const [q, setQ] = useState('');
  const words = useMemo(() => searchWords(q), [q]);
  if (coachId === null) return <NotFoundPage />;

  let body: React.ReactNode;
  if (faq.isPending) body = <LoadingState />;
  else if (faq.isError)
    body = (
      <ErrorState
        title="We couldn’t load the FAQ"
        message={errorMessage(faq.error)}
        onRetry={() => void faq.refetch()}
      />
    );
  else {
    const course = searchFaq(faq.data.course, q, htmlToText);
    const institution = searchFaq(faq.data.institution, q, htmlToText);
    const total = faq.data.course.length + faq.data.institution.length;
    const found = course.length + institution.length;
    body = (
      <Stack gap="lg">
        <TextInput
          type="search"
          label={FAQ_TEXTS.searchLabel}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          maw={480}
          data-testid="faq-search"
        />
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="faq-status">
          {total === 0
            ? FAQ_TEXTS.noEntries
            : found === 0
              ? FAQ_TEXTS.noMatch(q.trim())
              : `${found} of ${total} questions`}
        </Text>
        <FaqSection title={FAQ_TEXTS.courseHeading} entries={course} words={words} />
        <FaqSection title={FAQ_TEXTS.institutionHeading} entries={institution} words={words} />
        <Card withBorder padding="md" data-testid="faq-support">
          {faq.data.support_email ? (
            <Text>
              {FAQ_TEXTS.supportLead}{' '}
              <Anchor href={`mailto:${faq.data.support_email}`}>{faq.data.support_email}</Anchor>.
            </Text>
          ) : (
            <Text>{FAQ_TEXTS.noSupport}</Text>
          )}
        </Card>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{FAQ_TEXTS.pageTitle}</Title>
      {body}
    </Stack>
  );
}
