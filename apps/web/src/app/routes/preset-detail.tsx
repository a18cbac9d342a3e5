import { useParams, useSearchParams } from 'react-router';
import { PresetWithCart } from './preset-with-cart';

/**
 * /preset-detail/{id or slug} with its cart (ordering-payments §2; unknown -> /not-found); a
 * saved cart's share link adds its share_token (decision 031).
 */
export function Component() {
  const { idOrSlug = '' } = useParams();
  const shareToken = useSearchParams()[0].get('share_token') ?? undefined;
  return <PresetWithCart key={idOrSlug} idOrSlug={idOrSlug} kind="preset" shareToken={shareToken} />;
}
