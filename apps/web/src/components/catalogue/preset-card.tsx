import { Link } from 'react-router';
import { formatCents } from '@caterway/domain';
import type { PresetSummary } from '../../types/catalogue';
import { Photo } from './photo';
import { AllInPrice, CARD_SIZES, presetHref } from './restaurant-card';
import { StarRating } from './star-rating';
import { TagBadges } from './tag-badges';
import './catalogue.css';

/** Preset descriptions are cut at 136 characters on cards (browse-account-orders §2, §9). */
export const PRESET_DESCRIPTION_LIMIT = 136;

export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

export interface PresetCardProps {
  preset: PresetSummary;
  /** Shows a Quick view button (the route composes the quick-view modal). */
  onQuickView?: (preset: PresetSummary) => void;
  headingLevel?: 'h2' | 'h3';
}

/**
 * A preset menu as listed (browse-account-orders §3 Preset): image, name, caterers, rating,
 * per-person price, Serves shown as 'Adjustable' (§2), description cut at 136 characters.
 */
export function PresetCardView({ preset, onQuickView, headingLevel: Heading = 'h3' }: PresetCardProps) {
  const image = preset.searchResultImageUrl || preset.bannerImageUrl;
  return (
    <article className="catalogue-card preset-card" data-testid="preset-card">
      <div className="catalogue-card-media">
        {image ? (
          <Photo src={image} sizes={CARD_SIZES} width={400} height={225} loading="lazy" decoding="async" />
        ) : null}
      </div>
      <div className="catalogue-card-body">
        <Heading className="catalogue-card-title">
          <Link to={presetHref(preset.slug)} className="card-link">
            {preset.name}
          </Link>
        </Heading>
        {preset.chefNames.length > 0 ? <p className="catalogue-card-meta">By {preset.chefNames.join(', ')}</p> : null}
        <div className="catalogue-card-row">
          <StarRating rating={preset.averageRating} />
          <span className="price">
            {formatCents(preset.pricePerPersonCents)}
            <span className="muted"> / person</span>
          </span>
        </div>
        <AllInPrice card={preset} />
        <dl className="preset-facts">
          <div>
            <dt>Serves</dt>
            <dd>Adjustable</dd>
          </div>
        </dl>
        {preset.description ? (
          <p className="catalogue-card-description">{truncate(preset.description, PRESET_DESCRIPTION_LIMIT)}</p>
        ) : null}
        <TagBadges tags={preset.presetTags} />
        {onQuickView ? (
          <button type="button" className="btn btn-secondary btn-sm card-action" onClick={() => onQuickView(preset)}>
            Quick view<span className="visually-hidden"> of {preset.name}</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
