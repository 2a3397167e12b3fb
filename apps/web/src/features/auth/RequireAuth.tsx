import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useMe } from './me.ts';
import { loginPathFor } from './safe-next.ts';

/**
 * Route guard: renders the child routes for a signed-in user; sends everyone else to
 * `/login?next=<this page>` so that they come back here after signing in.
 */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadingState />;
  if (me.isError && me.data === undefined) {
    return (
      <ErrorState
        title="We couldn’t check whether you are signed in"
        message={`${me.error.message} If this keeps happening, reload the page.`}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  }
  if (!me.data) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <Outlet />;
}
