import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { messages } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { groupOrderPageUrl } from '../../../lib/group-orders-site';
import { openModal } from '../../../stores/modals';
import { notify, notifyError } from '../../../stores/notifications';
import { useSessionUser } from '../../../stores/session';
import { addFavorite } from '../api/add-favorite';
import { startGroupOrder } from '../api/create-group-order';
import { removeFavorite } from '../api/remove-favorite';
import { closeCartDialog, openCartDialog, useCartDialog } from '../cart-ui-store';
import type { CartDelivery, Preset } from '../types';

// Keep and share (ordering-payments §2, §4, §6): favourite toggle, Save Cart (hidden for saved
// presets), Create Group Order (presets with exactly one chef). Each asks a visitor to sign in.

const signedIn = (user: ReturnType<typeof useSessionUser>) => !!user && user.confirmed;

const SaveCartModal = lazy(() => import('./save-cart-modal'));

function askToSignIn(message: string) {
  notify({ tone: 'error', message });
  openModal('signIn');
}

export function PresetActions({ preset, delivery }: { preset: Preset; delivery: CartDelivery }) {
  const user = useSessionUser();
  const dialog = useCartDialog();
  return (
    <>
      <FavoriteToggle key={`${preset.id}-${user?.id ?? 'visitor'}`} preset={preset} signedIn={signedIn(user)} />
      {preset.presetType !== 'save_for_later' ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => (signedIn(user) ? openCartDialog({ kind: 'save' }) : askToSignIn(messages.pleaseSignInToSave))}
        >
          Save Cart
        </button>
      ) : null}
      {preset.chefs.length === 1 ? (
        <GroupOrderButton preset={preset} delivery={delivery} signedIn={signedIn(user)} />
      ) : null}
      {dialog?.kind === 'save' ? (
        <Suspense fallback={null}>
          <SaveCartModal preset={preset} onClose={closeCartDialog} />
        </Suspense>
      ) : null}
    </>
  );
}

function FavoriteToggle({ preset, signedIn }: { preset: Preset; signedIn: boolean }) {
  const [favorite, setFavorite] = useState(preset.favorite);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (!signedIn) return askToSignIn(messages.pleaseSignInToFavorite);
    setBusy(true);
    try {
      if (favorite) {
        await removeFavorite(preset.id);
        setFavorite(false);
        notify({ tone: 'success', message: messages.removedFromFavorites });
      } else {
        await addFavorite(preset.id);
        setFavorite(true);
        notify({ tone: 'success', message: messages.addedToFavorites });
      }
    } catch (error) {
      notifyError(isApiError(error) && error.serverError ? error.serverError : messages.genericFailure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm favorite-toggle"
      aria-pressed={favorite}
      onClick={() => void toggle()}
      disabled={busy}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.7 5c2 0 3.4 1.1 4.3 2.4h2C13.9 6.1 15.3 5 17.3 5c3.5 0 5.6 3.6 4.2 6.9C19.5 16.4 12 21 12 21z"
          fill={favorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      Favorite
    </button>
  );
}

/** The group-order site's /group-orders/{uuid} with the saved delivery details under their spec names (browse-account-orders §3). */
export function groupOrderHref(uuid: string, delivery: CartDelivery, siteUrl: string): string {
  return groupOrderPageUrl(siteUrl, uuid, delivery);
}

function GroupOrderButton({
  preset,
  delivery,
  signedIn,
}: {
  preset: Preset;
  delivery: CartDelivery;
  signedIn: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const start = async () => {
    if (!signedIn) return askToSignIn(messages.pleaseSignInToGroupOrder);
    setBusy(true);
    try {
      window.location.assign(await startGroupOrder(queryClient, preset.id, delivery));
    } catch {
      // ordering-payments §8: a group order creation failure is not surfaced to the user.
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" className="btn-sm" busy={busy} onClick={() => void start()}>
      Create Group Order
    </Button>
  );
}
