import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { ReportsPage } from '../../features/reports/components/reports-page';
import { useSessionUser } from '../../stores/session';

/** /reports: confirmed users only, otherwise back to / (ordering-payments §6: reports are a confirmed customer's). */
export function Component() {
  const user = useSessionUser();
  if (!user || !user.confirmed) return <Navigate to={paths.home.path} replace />;
  return <ReportsPage key={user.id} orderHref={(slug, id) => `${paths.restaurant.getHref(slug)}/${id}`} />;
}
