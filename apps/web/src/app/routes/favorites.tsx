import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { FavoritesPage } from '../../features/favorites/components/favorites-page';
import { useSessionUser } from '../../stores/session';

/** /favorites: confirmed users only, otherwise back to / (ordering-payments §6). */
export function Component() {
  const user = useSessionUser();
  if (!user || !user.confirmed) return <Navigate to={paths.home.path} replace />;
  return (
    <FavoritesPage key={user.id} restaurantHref={paths.restaurant.getHref} presetHref={paths.presetDetail.getHref} />
  );
}
