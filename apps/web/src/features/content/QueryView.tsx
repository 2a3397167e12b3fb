import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../shell/index.ts';

/**
 * The states of a page's query: a spinner while it loads, an error with "Try again" (titled
 * `errorTitle`) when it fails, or, when `notFoundOn404` is set, the 404 page for an API 404; else
 * `children` with the data.
 */
export function QueryView<D>({
  query,
  errorTitle,
  notFoundOn404 = false,
  children,
}: {
  query: UseQueryResult<D>;
  errorTitle: string;
  notFoundOn404?: boolean;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (notFoundOn404 && isApiError(query.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}
