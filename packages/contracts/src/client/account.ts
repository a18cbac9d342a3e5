import type { SavePresetBody, SavedPresetResponse } from '../account-actions.js';
import type { AccountUpdateBody, AccountUpdateResponse } from '../account-settings.js';
import type { CurrentUserResponse, Profile } from '../auth.js';
import type { OkBody } from '../common.js';
import type { PresetSearchResponse } from '../search.js';
import type { CallOptions, Transport } from './transport.js';

// The signed-in user's account (browse-account-orders §7, ordering-payments §4): the profile and
// its settings, saved carts (save_for_later presets, emailed with their link), and the lists of
// the Favorites page (favourites, saved carts and the presets of placed orders).

/** Query keys of the user's account data. */
export const accountKeys = {
  all: ['account'] as const,
  /** GET api/v2/current: read by the settings page and the checkout form */
  profile: () => [...accountKeys.all, 'profile'] as const,
  /** favourites, saved carts and recently ordered presets */
  lists: () => [...accountKeys.all, 'lists'] as const,
};

export function accountClient(send: Transport) {
  return {
    /** GET api/v2/current */
    profile: (o?: CallOptions) => send<CurrentUserResponse>('GET', '/api/v2/current', o).then((r): Profile => r.user),
    /** PUT api/v2/accounts: answers the saved profile */
    update: (body: AccountUpdateBody, o?: CallOptions) =>
      send<AccountUpdateResponse>('PUT', '/api/v2/accounts', { ...o, body }).then((r): Profile => r.user),
    /** GET api/v2/search?search_type=user_data: favourites, saved carts, and the presets of placed orders */
    lists: (o?: CallOptions) =>
      send<PresetSearchResponse>('GET', '/api/v2/search', { ...o, query: { search_type: 'user_data' } }),
    /** POST api/v2/presets -> 201: the cart saved as a save_for_later preset */
    saveCart: (body: SavePresetBody, o?: CallOptions) =>
      send<SavedPresetResponse>('POST', '/api/v2/presets', { ...o, body }).then((r) => r.preset),
    /** DELETE api/v2/presets/{id}: one of the user's saved carts */
    deleteSavedCart: (presetId: number, o?: CallOptions) => send<OkBody>('DELETE', `/api/v2/presets/${presetId}`, o),
  };
}

export type AccountClient = ReturnType<typeof accountClient>;
