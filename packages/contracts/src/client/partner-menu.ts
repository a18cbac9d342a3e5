import type { z } from 'zod';
import type {
  PartnerDish,
  PartnerDishBody,
  PartnerDishMoveBody,
  PartnerDishUpdateBody,
  PartnerMenu,
  PartnerOptionBody,
  PartnerPreset,
  PartnerPresetBody,
  partnerMenuResponseSchema,
} from '../partner-menu.js';
import type { CallOptions, Transport } from './transport.js';

// The portal's menu editor (issue 19 part 3, docs/decisions/052): a restaurant's dishes, options,
// categories and catering presets. Reads for staff; writes for managers, owners and operations.
// A dish update sends the updated_at it read: a change made meanwhile on another device is 409.

const menu = (chefId: number) => `/api/v2/partner/restaurants/${chefId}/menu`;

export type PartnerMenuCategories = z.infer<typeof partnerMenuResponseSchema>['categories'];

/** Query keys of the menu editor (under the restaurant's, so switching restaurants drops them). */
export const partnerMenuKeys = {
  menu: (chefId: number) => ['partner', 'restaurant', chefId, 'menu'] as const,
  presets: (chefId: number) => ['partner', 'restaurant', chefId, 'menu', 'presets'] as const,
};

export function partnerMenuClient(send: Transport) {
  const dish = (p: Promise<{ dish: PartnerDish }>) => p.then((r) => r.dish);
  const preset = (p: Promise<{ preset: PartnerPreset }>) => p.then((r) => r.preset);
  return {
    /** GET .../menu: categories in order, dishes in order, with their options */
    menu: (chefId: number, o?: CallOptions) => send<PartnerMenu>('GET', menu(chefId), o),
    /** POST .../menu/dishes */
    createDish: (chefId: number, body: PartnerDishBody, o?: CallOptions) =>
      dish(send('POST', `${menu(chefId)}/dishes`, { ...o, body })),
    /** PUT .../menu/dishes/{dishId}: 409 when another device changed it since updated_at */
    updateDish: (chefId: number, dishId: number, body: PartnerDishUpdateBody, o?: CallOptions) =>
      dish(send('PUT', `${menu(chefId)}/dishes/${dishId}`, { ...o, body })),
    /** DELETE .../menu/dishes/{dishId}: 409 while a preset holds it */
    deleteDish: (chefId: number, dishId: number, o?: CallOptions) =>
      send<{ message: string }>('DELETE', `${menu(chefId)}/dishes/${dishId}`, o),
    /** PUT .../menu/dishes/{dishId}/position: its category and place there */
    moveDish: (chefId: number, dishId: number, body: PartnerDishMoveBody, o?: CallOptions) =>
      dish(send('PUT', `${menu(chefId)}/dishes/${dishId}/position`, { ...o, body })),
    /** POST .../menu/dishes/{dishId}/options */
    createOption: (chefId: number, dishId: number, body: PartnerOptionBody, o?: CallOptions) =>
      dish(send('POST', `${menu(chefId)}/dishes/${dishId}/options`, { ...o, body })),
    /** PUT .../menu/dishes/{dishId}/options/{optionId} */
    updateOption: (chefId: number, dishId: number, optionId: number, body: PartnerOptionBody, o?: CallOptions) =>
      dish(send('PUT', `${menu(chefId)}/dishes/${dishId}/options/${optionId}`, { ...o, body })),
    /** DELETE .../menu/dishes/{dishId}/options/{optionId} */
    deleteOption: (chefId: number, dishId: number, optionId: number, o?: CallOptions) =>
      dish(send('DELETE', `${menu(chefId)}/dishes/${dishId}/options/${optionId}`, o)),
    /** POST .../menu/categories */
    createCategory: (chefId: number, name: string, o?: CallOptions) =>
      send<PartnerMenu>('POST', `${menu(chefId)}/categories`, { ...o, body: { name } }),
    /** PUT .../menu/categories: rename (its dishes follow) */
    renameCategory: (chefId: number, from: string, to: string, o?: CallOptions) =>
      send<PartnerMenu>('PUT', `${menu(chefId)}/categories`, { ...o, body: { from, to } }),
    /** PUT .../menu/categories/order: every category once, in the new order */
    reorderCategories: (chefId: number, names: string[], o?: CallOptions) =>
      send<PartnerMenu>('PUT', `${menu(chefId)}/categories/order`, { ...o, body: { names } }),
    /** DELETE .../menu/categories?name=: 409 while dishes are in it */
    deleteCategory: (chefId: number, name: string, o?: CallOptions) =>
      send<PartnerMenu>('DELETE', `${menu(chefId)}/categories`, { ...o, query: { name } }),
    /** GET .../menu/presets: the restaurant's catering presets */
    presets: (chefId: number, o?: CallOptions) =>
      send<{ presets: PartnerPreset[] }>('GET', `${menu(chefId)}/presets`, o).then((r) => r.presets),
    /** POST .../menu/presets */
    createPreset: (chefId: number, body: PartnerPresetBody, o?: CallOptions) =>
      preset(send('POST', `${menu(chefId)}/presets`, { ...o, body })),
    /** PUT .../menu/presets/{presetId}: a shared preset is operations' only */
    updatePreset: (chefId: number, presetId: number, body: PartnerPresetBody, o?: CallOptions) =>
      preset(send('PUT', `${menu(chefId)}/presets/${presetId}`, { ...o, body })),
  };
}

export type PartnerMenuClient = ReturnType<typeof partnerMenuClient>;
