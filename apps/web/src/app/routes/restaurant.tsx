import { useParams } from 'react-router';
import { PresetWithCart } from './preset-with-cart';

/** /chefs/{slug}: the restaurant page with its cart (browse-account-orders §2, ordering-payments §2). */
export function Component() {
  const { slug = '' } = useParams();
  return <PresetWithCart key={slug} idOrSlug={slug} kind="restaurant" />;
}
