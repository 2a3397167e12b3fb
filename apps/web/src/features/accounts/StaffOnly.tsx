import { Alert } from '@mantine/core';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';

/** What an administration page shows when its first load failed: 404 page, “staff only”, or a retry. */
export function LoadFailure({
  error,
  what,
  onRetry,
  retrying,
}: {
  error: unknown;
  what: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (isApiError(error, 404)) return <NotFoundPage />;
  if (isApiError(error, 403))
    return (
      <Alert color="gray" variant="light" title="Staff only">
        This page is for the institution’s staff.
      </Alert>
    );
  return (
    <ErrorState
      title={`We couldn’t load ${what}`}
      message={errorMessage(error)}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
