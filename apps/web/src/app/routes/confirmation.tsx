import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/** /confirmation redirects to / keeping the query string (ordering-payments §2). */
export function Component() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.home.path, search }} replace />;
}
