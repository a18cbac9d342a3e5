import { Link } from 'react-router';
import { formatCents } from '@caterway/domain';
import { Modal } from '@caterway/ui';
import { Photo } from '../../../components/catalogue/photo';
import { StarRating } from '../../../components/catalogue/star-rating';
import { TagBadges } from '../../../components/catalogue/tag-badges';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { usePreset } from '../api/get-preset';
import type { PresetDetail, PresetItem } from '../api/types';
import { DietaryLabels } from './dietary-labels';
import { groupByCategory, truncateText } from './group-by-category';
import { chefDisplayName, orderedTimes } from './preset-text';
import '../../../components/catalogue/catalogue.css';
import './preset-detail.css';

// Quick view of a preset (browse-account-orders §2 'Modals and widgets'): name, rating, order
// count, serves ('Adjustable'), serving styles, per-person price, total, description cut at
// 640 characters (§9), caterers, meal cards grouped by category and a View Details link.
// It loads the preset itself, so any list can open it with just an id or slug.

export const QUICK_VIEW_DESCRIPTION_LIMIT = 640;

export interface PresetQuickViewProps {
  presetIdOrSlug: string | number;
  onClose: () => void;
}

export function PresetQuickView({ presetIdOrSlug, onClose }: PresetQuickViewProps) {
  const query = usePreset(presetIdOrSlug);
  const preset = query.data;
  const title = preset?.name ?? (query.isError ? 'Preset unavailable' : 'Loading preset');

  return (
    <Modal title={title} size="wider" onClose={onClose}>
      {preset ? (
        <QuickViewBody preset={preset} onClose={onClose} />
      ) : query.isError ? (
        <p role="alert">
          {isApiError(query.error) && query.error.status === 404
            ? 'This menu is no longer available.'
            : 'We could not load this menu. Please try again.'}
        </p>
      ) : (
        <div className="quick-view-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading…
        </div>
      )}
    </Modal>
  );
}

function QuickViewBody({ preset, onClose }: { preset: PresetDetail; onClose: () => void }) {
  const categoryOrder = preset.chefs.flatMap((chef) => chef.menuCategoryNames);
  const groups = groupByCategory<PresetItem>(preset.presetItems, (item) => item.presetMenuCategoryName, categoryOrder);
  return (
    <div className="quick-view">
      <div className="quick-view-rating">
        <StarRating rating={preset.averageRating} />
        <span className="muted">{orderedTimes(preset.orderCount)}</span>
      </div>
      <TagBadges tags={preset.presetTags} max={preset.presetTags.length} />
      <dl className="quick-view-facts">
        <div>
          <dt>Serves</dt>
          <dd>Adjustable</dd>
        </div>
        {preset.servingStyles.length > 0 ? (
          <div>
            <dt>Serving styles</dt>
            <dd>{preset.servingStyles.join(', ')}</dd>
          </div>
        ) : null}
        <div>
          <dt>Per person</dt>
          <dd>{formatCents(preset.pricePerPersonCents)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatCents(preset.totalPriceCents)}</dd>
        </div>
      </dl>
      {preset.description ? (
        <p className="quick-view-description">{truncateText(preset.description, QUICK_VIEW_DESCRIPTION_LIMIT)}</p>
      ) : null}

      {preset.chefs.length > 0 ? (
        <section aria-labelledby="quick-view-caterers">
          <h3 id="quick-view-caterers" className="quick-view-heading">
            Caterers
          </h3>
          <ul className="caterer-list">
            {preset.chefs.map((chef) => (
              <li key={chef.id} className="caterer">
                {chef.profileImageUrl ? (
                  <Photo src={chef.profileImageUrl} sizes="40px" width={40} height={40} loading="lazy" />
                ) : null}
                <span>{chefDisplayName(chef)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {groups.map(([category, items]) => (
        <section key={category} aria-label={category} className="quick-view-category">
          <h3 className="quick-view-heading">{category}</h3>
          <ul className="meal-cards">
            {items.map((item) => (
              <li key={item.id} className="meal-card">
                {item.mainImageUrl ? (
                  <Photo src={item.mainImageUrl} sizes="72px" width={72} height={72} loading="lazy" />
                ) : null}
                <div>
                  <p className="meal-card-name">{item.name}</p>
                  <p className="muted meal-card-meta">
                    {item.quantity} × {formatCents(item.priceCents)}
                  </p>
                  {item.dietaryTypes ? <DietaryLabels value={item.dietaryTypes} /> : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <div className="quick-view-actions">
        <Link className="btn btn-primary" to={paths.presetDetail.getHref(preset.slug)} onClick={onClose}>
          View Details
        </Link>
      </div>
    </div>
  );
}
export default PresetQuickView;
