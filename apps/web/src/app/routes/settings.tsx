import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { signInUser, useSessionUser } from '../../stores/session';

/** /settings: confirmed signed-in users only, otherwise / (browse-account-orders §2, §6). */
export function Component() {
  const user = useSessionUser();
  if (!user || !user.confirmed) return <Navigate to={paths.home.path} replace />;
  return (
    <SettingsPage
      key={user.id}
      // the greeting shows the new name at once
      onSaved={(profile) => signInUser({ ...user, firstName: profile.firstName, lastName: profile.lastName })}
    />
  );
}
