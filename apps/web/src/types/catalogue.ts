import type {
  PresetCard,
  PresetSort,
  RestaurantCard,
  RestaurantSearchResponse,
  PresetSearchResponse,
  PresetsHomeResponse,
} from '@caterway/contracts';

// The catalogue's wire shapes (packages/contracts, snake_case) as the app sees them after the
// contract clients' answers are camelCased (api/clients.ts, lib/case.ts). Typed from the contracts,
// so a contract change shows up here at compile time instead of as `undefined` at run time.

type CamelKey<S extends string> = S extends 'address1' | 'address2'
  ? S
  : S extends `${infer Head}_${infer Tail}`
    ? `${Head}${Capitalize<CamelKey<Tail>>}`
    : S;

export type Camelize<T> = T extends readonly unknown[]
  ? { [K in keyof T]: Camelize<T[K]> }
  : T extends object
    ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camelize<T[K]> }
    : T;

export type Restaurant = Camelize<RestaurantCard>;
export type PresetSummary = Camelize<PresetCard>;
export type RestaurantSearch = Camelize<RestaurantSearchResponse>;
export type PresetSearch = Camelize<PresetSearchResponse>;
export type HomePresets = Camelize<PresetsHomeResponse>;
export type SearchMeta = RestaurantSearch['metaData'];
export type { PresetSort };
