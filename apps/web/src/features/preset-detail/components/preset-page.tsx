import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatCents, messages } from '@caterway/domain';
import { Photo } from '../../../components/catalogue/photo';
import { StarRating } from '../../../components/catalogue/star-rating';
import { TagBadges } from '../../../components/catalogue/tag-badges';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../stores/notifications';
import { usePreset } from '../api/get-preset';
import type { PresetDetail } from '../api/types';
import { ExpandableText } from './expandable-text';
import { ChefMenus, PresetMenu, type DishAction } from './menu-sections';
import { chefDisplayName, noticeText, orderedTimes } from './preset-text';
import '../../../components/catalogue/catalogue.css';
import './preset-detail.css';

// Opened from a button: each its own chunk, outside the page's initial JavaScript.
const PresetQuickView = lazy(() => import('./preset-quick-view'));
const StoreHoursModal = lazy(() => import('./store-hours-modal'));

// Restaurant page (/chefs/{slug}) and preset detail (/preset-detail/{id or slug}):
// ordering-payments §2 'Restaurant / preset detail'. An unknown preset goes to /not-found (§8).
// The route fills slots with other features (the cart): the summary column (a bottom bar on
// phones), extra header actions, a control on each dish and floating extras.

export interface PresetPageSlots {
  /** the summary column: the cart, which every page using this one fills it with */
  summary: (preset: PresetDetail) => ReactNode;
  actions?: (preset: PresetDetail) => ReactNode;
  dishAction?: (preset: PresetDetail) => DishAction | undefined;
  extras?: (preset: PresetDetail) => ReactNode;
  /** The notice shown instead of the preset's own (the add-on page's 1 hour). */
  notice?: string;
}

export const DESCRIPTION_LIMIT = 300;

export function PresetPage({
  idOrSlug,
  kind,
  slots,
  shareToken,
}: {
  idOrSlug: string;
  kind: 'restaurant' | 'preset';
  slots: PresetPageSlots;
  shareToken?: string;
}) {
  const query = usePreset(idOrSlug, shareToken);
  const navigate = useNavigate();
  // The page renders in a transition, in slices between which the browser stays responsive.
  const preset = useDeferredValue(query.data);
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;

  useEffect(() => {
    if (notFound) void navigate(paths.notFound.path, { replace: true });
  }, [notFound, navigate]);

  useEffect(() => {
    if (query.data) document.title = `${query.data.name} | Caterway`;
  }, [query.data]);

  if (preset) return <PresetView preset={preset} kind={kind} slots={slots} />;
  if (query.isError && !notFound) {
    return (
      <section className="container page">
        <h1>We could not load this menu</h1>
        <p role="alert">{messages.genericFailure}</p>
      </section>
    );
  }
  return (
    <div className="container page page-loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading…
    </div>
  );
}

function PresetView({
  preset,
  kind,
  slots,
}: {
  preset: PresetDetail;
  kind: 'restaurant' | 'preset';
  slots: PresetPageSlots;
}) {
  const [modal, setModal] = useState<'hours' | 'quick' | null>(null);
  const notice = slots.notice ?? noticeText(preset.preOrderNoticeHour);
  // A restaurant shows its chefs' full menus; a catering preset its caterers (the route only
  // says which URL was used: /preset-detail accepts both kinds).
  const isRestaurant = preset.presetType === 'restaurant' || kind === 'restaurant';
  const dishAction = slots.dishAction?.(preset);

  return (
    <article className="preset-page">
      <div className="preset-banner">
        {/* the page's largest paint: fetched first */}
        {preset.bannerImageUrl ? <Photo src={preset.bannerImageUrl} sizes="100vw" fetchPriority="high" /> : null}
      </div>
      <div className="container preset-layout">
        <div className="preset-main">
          <header className="preset-header">
            <p className="preset-kind muted">{isRestaurant ? 'Restaurant' : 'Catering menu'}</p>
            <h1>{preset.name}</h1>
            <TagBadges tags={preset.presetTags} max={preset.presetTags.length} />
            <div className="preset-meta">
              <StarRating rating={preset.averageRating} />
              <span>{orderedTimes(preset.orderCount)}</span>
              {preset.cuisineTypes.length > 0 ? <span className="muted">{preset.cuisineTypes.join(' · ')}</span> : null}
            </div>
            <ExpandableText className="preset-description" text={preset.description} limit={DESCRIPTION_LIMIT} />
            <div className="preset-actions">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setModal('hours')}>
                Store hours
              </button>
              {preset.presetItems.length > 0 ? (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setModal('quick')}>
                  Quick view
                </button>
              ) : null}
              <ShareButton url={preset.sharedUrl} />
              {slots.actions?.(preset)}
            </div>
          </header>

          <DeliveryFacts preset={preset} notice={notice} />

          <PresetMenu
            preset={preset}
            title={isRestaurant ? 'Default menu' : 'What’s included'}
            dishAction={isRestaurant ? undefined : dishAction}
          />
          {isRestaurant ? (
            preset.chefs.map((chef) => <ChefMenus key={chef.id} chef={chef} dishAction={dishAction} />)
          ) : (
            <section className="caterers" aria-labelledby="caterers-heading">
              <h2 id="caterers-heading">Caterers</h2>
              <ul className="caterer-list">
                {preset.chefs.map((chef) => (
                  <li key={chef.id} className="caterer">
                    {chef.profileImageUrl ? (
                      <img src={chef.profileImageUrl} alt="" width={40} height={40} loading="lazy" />
                    ) : null}
                    <span>{chefDisplayName(chef)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        {slots.summary(preset)}
      </div>
      {slots.extras?.(preset)}

      <Suspense fallback={null}>
        {modal === 'hours' ? <StoreHoursModal preset={preset} onClose={() => setModal(null)} /> : null}
        {modal === 'quick' ? <PresetQuickView presetIdOrSlug={preset.slug} onClose={() => setModal(null)} /> : null}
      </Suspense>
    </article>
  );
}

function DeliveryFacts({ preset, notice }: { preset: PresetDetail; notice: string | null }) {
  const ranges = preset.deliveryFeeData.ranges;
  const country = preset.chefs[0]?.country;
  const unit = country === 'US' ? 'mi' : 'km';
  const distance = (km: number) => (unit === 'mi' ? Math.round((km / 1.609344) * 10) / 10 : km);
  return (
    <section className="delivery-facts" aria-labelledby="delivery-facts-heading">
      <h2 id="delivery-facts-heading" className="visually-hidden">
        Ordering details
      </h2>
      <dl>
        {notice ? (
          <div>
            <dt>Notice</dt>
            <dd>{notice}</dd>
          </div>
        ) : null}
        {preset.minimumOrderAmountCents > 0 ? (
          <div>
            <dt>Minimum order</dt>
            <dd>{formatCents(preset.minimumOrderAmountCents)}</dd>
          </div>
        ) : null}
        {preset.address1 ? (
          <div>
            <dt>Prepared at</dt>
            <dd>
              {preset.address1}
              {preset.chefs[0]?.city ? `, ${preset.chefs[0].city}` : ''}
            </dd>
          </div>
        ) : null}
        {ranges.length > 0 ? (
          <div className="delivery-fees">
            <dt>Delivery fee</dt>
            <dd>
              <ul>
                {ranges.map((range) => (
                  <li key={`${range.minKm}-${range.maxKm}`}>
                    {distance(range.minKm)}–{distance(range.maxKm)} {unit}: {formatCents(range.feeCents)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function ShareButton({ url }: { url: string }) {
  const share = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify({ tone: 'success', message: messages.urlCopied });
    } catch {
      notify({ tone: 'info', message: `Copy this link: ${url}` });
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void share()}>
      Share
    </button>
  );
}
