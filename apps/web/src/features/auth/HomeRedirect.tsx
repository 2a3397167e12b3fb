import { Navigate } from 'react-router';
import { useMe } from './me.ts';

/** `/`: sends a signed-in user to their home page (`me.home`: their newest coach, or their institution). */
export function HomeRedirect() {
  const me = useMe();
  if (!me.data) return null;
  return <Navigate to={me.data.home} replace />;
}
