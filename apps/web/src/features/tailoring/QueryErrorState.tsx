import { Alert } from '@mantine/core';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { NotFoundPage } from '../shell/index.ts';

export interface QueryErrorStateProps {
  error: Error;
  /** Heading of the error, e.g. "We couldn’t load this Insight Group". */
  title: string;
  onRetry: () => void;
  retrying?: boolean;
}

/**
 * The error state of a tailoring page: 404 shows the 404 page, 403 says the page is for staff and
 * instructors, anything else an error with "Try again".
 */
export function QueryErrorState({ error, title, onRetry, retrying }: QueryErrorStateProps) {
  if (isApiError(error, 404)) return <NotFoundPage />;
  if (isApiError(error, 403)) {
    return (
      <Alert color="gray" variant="light" title="Staff only" data-testid="tailoring-forbidden">
        Insight Groups are managed by the coach’s instructors and the institution’s staff. {error.message}
      </Alert>
    );
  }
  return <ErrorState title={title} message={errorMessage(error)} onRetry={onRetry} retrying={retrying} />;
}
