import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { PaymentsPage } from '../../features/payments/components/payments-page';
import { useSessionUser } from '../../stores/session';

/** /payments: confirmed users only, otherwise back to / (ordering-payments §2). */
export function Component() {
  const user = useSessionUser();
  if (!user || !user.confirmed) return <Navigate to={paths.home.path} replace />;
  return (
    <PaymentsPage
      key={user.id}
      homeHref={paths.home.path}
      billing={{ name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }}
    />
  );
}
