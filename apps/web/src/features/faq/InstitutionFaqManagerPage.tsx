import { FAQ_TEXTS } from '@course-coach/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { InstitutionTrashSection } from '../trash/index.ts';
import { FaqListEditor } from './FaqListEditor.tsx';

/**
 * `/Dashboard/Institution/{institutionId}/FAQManager/` (docs/faq-checklists.md): the institution's staff
 * edit the FAQ every coach of the institution shows below its own; deleted questions wait 30 days below
 * it (docs/trash.md).
 */
export function InstitutionFaqManagerPage() {
  const params = useParams();
  const institutionId = parsePathId(params.institutionId);
  usePageTitle(FAQ_TEXTS.institutionManagerTitle);
  if (institutionId === null) return <NotFoundPage />;
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{FAQ_TEXTS.institutionManagerTitle}</Title>
      <Text>Every coach of the institution shows these questions on its FAQ page, below its own.</Text>
      <FaqListEditor scope={{ kind: 'institution', institutionId }} />
      <InstitutionTrashSection institutionId={institutionId} />
    </Stack>
  );
}
