import { useParams } from 'react-router';
import { PresetPage } from '../../features/preset-detail/components/preset-page';

/** /chefs/{slug}: the restaurant page (browse-account-orders §2). */
export function Component() {
  const { slug = '' } = useParams();
  return <PresetPage key={slug} idOrSlug={slug} kind="restaurant" />;
}
