import { useParams } from 'react-router';
import { PresetPage } from '../../features/preset-detail/components/preset-page';

/** /preset-detail/{id or slug} (ordering-payments §2; unknown -> /not-found). */
export function Component() {
  const { idOrSlug = '' } = useParams();
  return <PresetPage key={idOrSlug} idOrSlug={idOrSlug} kind="preset" />;
}
