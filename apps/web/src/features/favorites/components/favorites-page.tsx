import { useState } from 'react';
import { Link } from 'react-router';
import { favoritesMessages, formatCents, messages } from '@caterway/domain';
import { Button, Modal } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../stores/notifications';
import type { PresetSummary } from '../../../types/catalogue';
import { kindOf, useUserLists } from '../api/get-user-lists';
import { useRemoveFromList, type ListKind } from '../api/remove-from-list';
import './favorites.css';

export interface FavoritesPageProps {
  restaurantHref: (slug: string) => string;
  presetHref: (slug: string) => string;
}

interface Pending {
  kind: ListKind;
  preset: PresetSummary;
}

/** /favorites (browse-account-orders §2 'Favorites page', §4 Favorites, §8). */
export function FavoritesPage({ restaurantHref, presetHref }: FavoritesPageProps) {
  const lists = useUserLists();
  const remove = useRemoveFromList();
  const [pending, setPending] = useState<Pending | null>(null);

  const hrefOf = (p: PresetSummary) => (p.presetType === 'restaurant' ? restaurantHref(p.slug) : presetHref(p.slug));

  const confirmRemove = () => {
    if (!pending) return;
    const { kind, preset } = pending;
    remove.mutate(
      { kind, presetId: preset.id },
      {
        onSuccess: () => {
          setPending(null);
          notifySuccess(kind === 'favorite' ? favoritesMessages.removedFavorite : favoritesMessages.removedSaved);
        },
        onError: (error) => {
          setPending(null);
          notifyError(isApiError(error) && error.serverError ? error.serverError : messages.genericFailure);
        },
      },
    );
  };

  const data = lists.data;
  const section = (kind: 'restaurant' | 'preset', title: string, noun: string) => (
    <section className="favorites-section" aria-labelledby={`fav-${kind}`}>
      <h2 id={`fav-${kind}`}>{title}</h2>
      <FavoriteList
        title="Favorites"
        empty={`No favorite ${noun} yet.`}
        items={data!.favorites.filter((p) => kindOf(p) === kind)}
        hrefOf={hrefOf}
        removeLabel="Remove from Favorites"
        onRemove={(preset) => setPending({ kind: 'favorite', preset })}
      />
      <FavoriteList
        title="Saved For Later"
        empty={`No saved ${noun} yet.`}
        items={data!.saved.filter((p) => kindOf(p) === kind)}
        hrefOf={hrefOf}
        removeLabel="Remove from saved list"
        onRemove={(preset) => setPending({ kind: 'saved', preset })}
      />
      <FavoriteList
        title="Recently Ordered"
        empty={`No recently ordered ${noun} yet.`}
        items={data!.recent.filter((p) => kindOf(p) === kind)}
        hrefOf={hrefOf}
      />
    </section>
  );

  return (
    <section className="page favorites-page" aria-labelledby="favorites-title" aria-busy={lists.isFetching}>
      <h1 id="favorites-title">View Your Favorites / Saved Orders</h1>
      {lists.isPending ? (
        <div className="favorites-loading" role="progressbar" aria-label="Loading your favorites">
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : lists.isError ? (
        <p className="form-alert" role="alert">
          {messages.genericFailure}
        </p>
      ) : (
        <>
          {section('restaurant', 'Restaurants', 'restaurants')}
          {section('preset', 'Presets', 'presets')}
        </>
      )}

      {pending ? (
        <Modal
          title={pending.kind === 'favorite' ? 'Remove from Favorites?' : 'Remove from your saved list?'}
          description={
            pending.kind === 'favorite'
              ? `${pending.preset.name} will be removed from your Favorites.`
              : `${pending.preset.name} will be removed from your saved list.`
          }
          onClose={() => setPending(null)}
        >
          <div className="favorites-confirm">
            <Button busy={remove.isPending} onClick={confirmRemove} data-autofocus>
              Remove
            </Button>
            <Button variant="secondary" onClick={() => setPending(null)}>
              Cancel
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

interface FavoriteListProps {
  title: string;
  empty: string;
  items: PresetSummary[];
  hrefOf: (preset: PresetSummary) => string;
  removeLabel?: string;
  onRemove?: (preset: PresetSummary) => void;
}

function FavoriteList({ title, empty, items, hrefOf, removeLabel, onRemove }: FavoriteListProps) {
  return (
    <div className="favorite-list">
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul>
          {items.map((p) => {
            const image = p.searchResultImageUrl || p.bannerImageUrl;
            return (
              <li key={p.id} className="favorite-item">
                {image ? (
                  <img src={image} alt="" width={96} height={64} loading="lazy" decoding="async" />
                ) : (
                  <span className="favorite-image-placeholder" aria-hidden="true" />
                )}
                <div className="favorite-body">
                  <Link to={hrefOf(p)} className="favorite-name">
                    {p.name}
                  </Link>
                  {p.chefNames.length > 0 ? <span className="muted">By {p.chefNames.join(', ')}</span> : null}
                  {p.pricePerPersonCents > 0 ? (
                    <span className="muted">{formatCents(p.pricePerPersonCents)} / person</span>
                  ) : null}
                </div>
                {onRemove ? (
                  <Button
                    variant="ghost"
                    className="btn-sm"
                    onClick={() => onRemove(p)}
                    aria-label={`${removeLabel}: ${p.name}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
