import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../api/client.ts';
import { ErrorState } from './ErrorState.tsx';
import { LoadingState } from './LoadingState.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/**
 * The states of a query, for a page or a section of one: a spinner while it loads (the spec's
 * 'Loading...' unless `loadingLabel` says what), an error with "Try again" (titled `errorTitle`) when it
 * fails, or, when `notFoundOn404` is set, the 404 page for an API 404; else `children` with the data.
 */
export function QueryView<D>({
  query,
  errorTitle,
  loadingLabel,
  notFoundOn404 = false,
  children,
}: {
  query: UseQueryResult<D>;
  errorTitle: string;
  loadingLabel?: string;
  notFoundOn404?: boolean;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) {
    if (notFoundOn404 && isApiError(query.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <>{children(query.data)}</>;
}
