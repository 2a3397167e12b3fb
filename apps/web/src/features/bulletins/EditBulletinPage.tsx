import { BULLETIN_UI_TEXTS, PAGES } from '@course-coach/contracts';
import { Anchor, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AudiencePanel } from '../audience/index.ts';
import { DocumentSection } from '../documents/index.ts';
import { BulletinForm } from './BulletinForm.tsx';
import { useStaffBulletin } from './bulletins-api.ts';

export { EDITOR_TEXTS } from './bulletin-form-values.ts';

/**
 * The bulletin editor at /Dashboard/Coach/{coachId}/ContentManager/EditBulletin/{id}/ (spec §2 Edit
 * link; `new` for a new bulletin): title, subtitle, rich-text description, icon (the image picker),
 * publish time, status (Draft, Scheduled, Published), for credit with a deadline, topic, audience
 * Insight Group, characteristic wiring and, for interactive bulletins, pages. Server field errors show
 * beside their fields.
 */
export function EditBulletinPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const isNew = params.bulletinId === 'new';
  const id = isNew ? null : parsePathId(params.bulletinId);
  const bulletin = useStaffBulletin(coachId ?? 0, coachId !== null ? id : null);
  // The form's Insight Group choice while it differs from the saved one: the audience panel counts it.
  const [draftGroup, setDraftGroup] = useState<number | null | undefined>(undefined);
  usePageTitle(isNew ? BULLETIN_UI_TEXTS.newBulletin : BULLETIN_UI_TEXTS.editBulletin);
  if (coachId === null || (!isNew && id === null)) return <NotFoundPage />;
  if (!isNew && bulletin.isPending) return <LoadingState />;
  if (!isNew && bulletin.isError) {
    if (isApiError(bulletin.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title="We couldn’t load this bulletin"
        message={errorMessage(bulletin.error)}
        onRetry={() => bulletin.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={PAGES.bulletinManager(coachId)}>
        {BULLETIN_UI_TEXTS.managerTitle}
      </Anchor>
      <Title order={1}>{isNew ? BULLETIN_UI_TEXTS.newBulletin : BULLETIN_UI_TEXTS.editBulletin}</Title>
      <BulletinForm
        key={bulletin.data?.id ?? 'new'}
        coachId={coachId}
        bulletin={isNew ? null : bulletin.data!}
        onAudienceChange={setDraftGroup}
      />
      <DocumentSection coachId={coachId} kind="bulletins" itemId={isNew ? null : bulletin.data!.id} />
      <AudiencePanel
        coachId={coachId}
        kind="bulletin"
        itemId={isNew ? null : bulletin.data!.id}
        draft={
          draftGroup === undefined || draftGroup === (bulletin.data?.audience_cohort_id ?? null)
            ? undefined
            : { audience_cohort_id: draftGroup }
        }
      />
    </Stack>
  );
}
