import type { SessionUser } from '@caterway/contracts';
import type { Camelize } from '../types/catalogue';

// Everything the storefront keeps on the device, in one place.
//
// Survives a reload (ordering-payments §3 'Persisted client state'): ONLY
//   - the signed-in user (with its jwt),
//   - the lightbox flag (the welcome modal for unconfirmed users was dismissed),
//   - the cart (saved carts per preset),
//   - the receiving method ('delivery' | 'pickup').
// Plus the delivery details the spec keeps on the device (browse-account-orders §3 'Delivery
// info kept on the device'): delivery_date (yyyy-MM-dd), delivery_time (hh:mm a), address,
// lat, lng — stored under exactly those key names, and the same five together as one JSON object
// under `params` (ordering-payments §3: 'kept locally, also under a params key').
// One more flag the spec keeps on the device in so many words (ordering-payments §4 'Suggestion
// bot: its tooltip is dismissed and remembered locally'): caterway.suggestion_tooltip.
// Nothing else (modals, toasts, server data) is persisted; server data lives in React Query.

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const storageKeys = {
  user: 'caterway.user',
  lightbox: 'caterway.lightbox',
  cart: 'caterway.cart',
  receivingMethod: 'caterway.receiving_method',
  suggestionTooltip: 'caterway.suggestion_tooltip',
  headcount: 'caterway.headcount',
  deliveryDate: 'delivery_date',
  deliveryTime: 'delivery_time',
  address: 'address',
  lat: 'lat',
  lng: 'lng',
  params: 'params',
} as const;

export type StorageKey = keyof typeof storageKeys;

/** The people one order can be for: the delivery bar and the restaurant pages accept 1 to 2,000. */
export const MIN_HEADCOUNT = 1;
export const MAX_HEADCOUNT = 2000;

export type ReceivingMethod = 'delivery' | 'pickup';
export const receivingMethods: readonly ReceivingMethod[] = ['delivery', 'pickup'];

/** The signed-in user as sign-in answers it (packages/contracts sessionUserSchema, camelCased), with its jwt. */
export type StoredUser = Camelize<SessionUser> & { jwt: string };

/** Saved carts per preset id (ordering-payments §3 'Saved cart'); the cart feature owns the item shape. */
export type StoredCarts = Record<string, { checkoutData: unknown[]; savedAt: string }>;

export interface StoredDeliveryFields {
  deliveryDate: string | null;
  deliveryTime: string | null;
  address: string | null;
  lat: string | null;
  lng: string | null;
}

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.firstName === 'string' &&
    typeof u.jwt === 'string' &&
    u.jwt !== '' &&
    typeof u.confirmed === 'boolean'
  );
}

/** Typed access over a key-value backend. Reads never throw: bad or missing data reads as absent. */
export function createStorage(backend: KeyValueStore) {
  const read = (key: StorageKey): string | null => {
    try {
      return backend.getItem(storageKeys[key]);
    } catch {
      return null;
    }
  };
  const write = (key: StorageKey, value: string | null): void => {
    try {
      if (value === null) backend.removeItem(storageKeys[key]);
      else backend.setItem(storageKeys[key], value);
    } catch {
      // Quota exceeded or storage disabled: the app keeps working with in-memory state.
    }
  };
  const readJson = (key: StorageKey): unknown => {
    const raw = read(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  };

  return {
    getUser(): StoredUser | null {
      const value = readJson('user');
      return isStoredUser(value) ? value : null;
    },
    setUser(user: StoredUser | null): void {
      write('user', user ? JSON.stringify(user) : null);
    },
    getLightboxSeen(): boolean {
      return read('lightbox') === 'true';
    },
    setLightboxSeen(seen: boolean): void {
      write('lightbox', seen ? 'true' : null);
    },
    getSuggestionTooltipDismissed(): boolean {
      return read('suggestionTooltip') === 'dismissed';
    },
    setSuggestionTooltipDismissed(): void {
      write('suggestionTooltip', 'dismissed');
    },
    getCarts(): StoredCarts {
      const value = readJson('cart');
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as StoredCarts) : {};
    },
    setCarts(carts: StoredCarts): void {
      write('cart', Object.keys(carts).length > 0 ? JSON.stringify(carts) : null);
    },
    getReceivingMethod(): ReceivingMethod {
      const value = read('receivingMethod');
      return value === 'pickup' ? 'pickup' : 'delivery';
    },
    setReceivingMethod(method: ReceivingMethod): void {
      write('receivingMethod', method);
    },
    /** How many people the orders are for (issue 20), kept with the delivery details; null when unset or invalid. */
    getHeadcount(): number | null {
      const value = Number(read('headcount'));
      return Number.isInteger(value) && value >= MIN_HEADCOUNT && value <= MAX_HEADCOUNT ? value : null;
    },
    setHeadcount(headcount: number | null): void {
      write('headcount', headcount === null ? null : String(headcount));
    },
    /** Raw strings as stored; the domain's normalizeDeliveryInfo repairs them. */
    getDeliveryFields(): StoredDeliveryFields {
      return {
        deliveryDate: read('deliveryDate'),
        deliveryTime: read('deliveryTime'),
        address: read('address'),
        lat: read('lat'),
        lng: read('lng'),
      };
    },
    setDeliveryFields(info: {
      deliveryDate: string;
      deliveryTime: string;
      address: string;
      lat: number | null;
      lng: number | null;
    }): void {
      write('deliveryDate', info.deliveryDate);
      write('deliveryTime', info.deliveryTime);
      write('address', info.address || null);
      write('lat', info.lat === null ? null : String(info.lat));
      write('lng', info.lng === null ? null : String(info.lng));
      const { deliveryDate: delivery_date, deliveryTime: delivery_time, address, lat, lng } = info;
      write('params', JSON.stringify({ address, lat, lng, delivery_date, delivery_time }));
    },
  };
}

function browserBackend(): KeyValueStore {
  try {
    if (typeof window !== 'undefined' && window.localStorage) {
      const probe = '__caterway_probe__';
      window.localStorage.setItem(probe, '1');
      window.localStorage.removeItem(probe);
      return window.localStorage;
    }
  } catch {
    // Private mode or disabled storage.
  }
  return memoryStore();
}

export type AppStorage = ReturnType<typeof createStorage>;
export const storage: AppStorage = createStorage(browserBackend());
export { memoryStore };
