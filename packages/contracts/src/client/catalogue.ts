import type { SystemVarsResponse, SystemVarType } from '../catalogue.js';
import type { DeliveryFeeBody, DeliveryFeeResponse } from '../orders.js';
import type {
  DeliveryContextQuery,
  PresetDetail,
  PresetDetailQuery,
  PresetDetailResponse,
  PresetsHomeResponse,
} from '../presets.js';
import type { CallOptions, Transport, WireQuery } from './transport.js';

// The catalogue as the home page and a restaurant or preset page read it (browse-account-orders
// §7, ordering-payments §3, §7): the home lists, one preset (or restaurant) with its menus, the
// system vars (cuisine and dietary types) and a chef's delivery fee for an address. Public; a
// signed-in user's call also says which presets are their favourites. The listings are browse.ts.

const enc = encodeURIComponent;

/** Where and when: coordinates, else the address, and the delivery date and time. */
export type DeliveryQuery = WireQuery<DeliveryContextQuery>;
export type PresetQuery = WireQuery<PresetDetailQuery>;

/** Query keys of catalogue data. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  home: (query: DeliveryQuery) => [...catalogueKeys.all, 'home', query] as const,
  /** one preset by id or slug; a saved cart opened from its share link with the link's token (decision 031) */
  preset: (idOrSlug: string | number, shareToken?: string) =>
    [...catalogueKeys.all, 'preset', String(idOrSlug), shareToken] as const,
  systemVars: (types: readonly SystemVarType[]) => [...catalogueKeys.all, 'system-vars', types.join(',')] as const,
  deliveryFee: (body: DeliveryFeeBody) => [...catalogueKeys.all, 'delivery-fee', body] as const,
};

export function catalogueClient(send: Transport) {
  return {
    /** GET api/v2/presets: trending restaurants and the preset groups of the home page */
    home: (query: DeliveryQuery, o?: CallOptions) =>
      send<PresetsHomeResponse>('GET', '/api/v2/presets', { ...o, query }),
    /** GET api/v2/presets/{id or slug}: 404 { error: 'Preset not found' } for an unknown one */
    preset: (idOrSlug: string | number, query: PresetQuery, o?: CallOptions) =>
      send<PresetDetailResponse>('GET', `/api/v2/presets/${enc(String(idOrSlug))}`, { ...o, query }).then(
        (r): PresetDetail => r.preset,
      ),
    /** GET api/v2/system_vars?value_types=: only the types asked for are in the answer */
    systemVars: (types: readonly SystemVarType[], o?: CallOptions) =>
      send<SystemVarsResponse>('GET', '/api/v2/system_vars', { ...o, query: { value_types: types.join(',') } }),
    /** POST api/v2/delivery_fee_by_distance: the fee of the chef's distance range for the address */
    deliveryFee: (body: DeliveryFeeBody, o?: CallOptions) =>
      send<DeliveryFeeResponse>('POST', '/api/v2/delivery_fee_by_distance', { ...o, body }),
  };
}

export type CatalogueClient = ReturnType<typeof catalogueClient>;
