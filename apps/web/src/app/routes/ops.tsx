import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { OpsConsolePage } from '../../features/ops/components/ops-console-page';
import { useSessionUser } from '../../stores/session';

/** /ops: the operations console, staff accounts only; anyone else goes back to / (issue 5 item 1). */
export function Component() {
  const user = useSessionUser();
  if (!user || user.role !== 'staff') return <Navigate to={paths.home.path} replace />;
  return <OpsConsolePage key={user.id} />;
}
