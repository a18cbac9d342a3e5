import { useParams } from 'react-router';
import { PresetWithCart } from './preset-with-cart';

/** /preset-detail/{id or slug} with its cart (ordering-payments §2; unknown -> /not-found). */
export function Component() {
  const { idOrSlug = '' } = useParams();
  return <PresetWithCart key={idOrSlug} idOrSlug={idOrSlug} kind="preset" />;
}
