import type { PresetDetail as WirePresetDetail } from '@caterway/contracts';
import type { Camelize } from '../../../types/catalogue';

// The contract clients' answers are camelCased once (api/clients.ts), so the app sees the
// contract's shapes with camelCase keys. Derived from the contract so the two cannot drift.
export type PresetDetail = Camelize<WirePresetDetail>;
export type PresetChef = PresetDetail['chefs'][number];
export type ChefMenu = PresetChef['menus'][number];
export type PresetItem = PresetDetail['presetItems'][number];
export type StoreHours = PresetDetail['storeHours'];
