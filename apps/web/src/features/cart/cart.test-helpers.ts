import type { CartDelivery, Preset } from './types';

// A small preset for the cart's unit tests: one chef with three dishes (one with an included
// and a priced component), HST 13%, open on weekdays 08:00 to 20:00.

const hours = { enabled: true, open: '08:00', close: '20:00' };
const storeHours = {
  monday: hours,
  tuesday: hours,
  wednesday: hours,
  thursday: hours,
  friday: hours,
  saturday: { ...hours, enabled: false },
  sunday: { ...hours, enabled: false },
};

export function menu(
  id: number,
  chefId: number,
  priceCents: number,
  minOrderAmount: number,
  items: { id: number; priceCents: number }[] = [],
) {
  return {
    id,
    chefId,
    name: `Dish ${id}`,
    description: '',
    categoryName: 'Mains',
    menuType: 'single' as const,
    priceCents,
    minOrderAmount,
    mainImageUrl: '',
    dietaryTypes: '',
    isDeleted: false,
    menuItems: items.map((i) => ({ ...i, name: `Item ${i.id}`, mainImageUrl: '', dietaryTypes: '' })),
  };
}

export function chef(id: number, minimumCents: number, menus: ReturnType<typeof menu>[]) {
  return {
    id,
    slug: `chef-${id}`,
    businessName: `Kitchen ${id}`,
    firstName: 'A',
    lastName: 'B',
    description: '',
    profileImageUrl: '',
    mainImageUrl: '',
    menus,
    menuCategoryNames: ['Mains'],
    preOrderMinOrderAmountCents: minimumCents,
    preOrderNoticeHour: 24,
    addonMaximumItemsQty: 10,
    eftEnabled: false,
    address1: '1 King St W',
    address2: '',
    city: 'Toronto',
    state: 'ON',
    zip: 'M5H 1A1',
    country: 'CA' as const,
    latitude: 43.65,
    longitude: -79.38,
    timeZone: 'America/Toronto',
    storeHours,
    cuisineTypes: [],
  };
}

export const preset = {
  id: 7,
  slug: 'lunch-7',
  name: 'Lunch',
  presetType: 'catering',
  chefs: [
    chef(1, 10_000, [
      menu(11, 1, 1500, 5, [
        { id: 111, priceCents: 0 },
        { id: 112, priceCents: 200 },
      ]),
      menu(12, 1, 800, 1),
      menu(13, 1, 500, 10),
    ]),
  ],
  presetItems: [
    { id: 501, menuId: 11, chefId: 1, quantity: 6, specialInstruction: '', menuItemsMapping: { '111': 6 } },
    { id: 502, menuId: 12, chefId: 1, quantity: 2, specialInstruction: '', menuItemsMapping: {} },
  ],
  taxRate: 13,
  taxName: 'HST',
  taxLines: [{ name: 'HST', ratePercent: 13, jurisdiction: null }],
  preOrderNoticeHour: 48,
  minimumOrderAmountCents: 0,
  storeHours,
  presetLocation: { timeZone: 'America/Toronto', cityTimeZoneName: 'Eastern' },
  address1: '1 King St W',
  soldOut: { menuIds: [], menuItemIds: [] },
} as unknown as Preset;

export const delivery: CartDelivery = {
  address: '1 Yonge St',
  lat: 43.64,
  lng: -79.37,
  deliveryDate: '2026-12-02',
  deliveryTime: '11:30 AM',
  receivingMethod: 'delivery',
};
