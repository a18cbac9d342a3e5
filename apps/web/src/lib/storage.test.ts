import { describe, expect, it } from 'vitest';
import { createStorage, memoryStore, storageKeys, type KeyValueStore } from './storage';

const user = {
  id: 1,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  confirmed: true,
  role: 'customer' as const,
  adminToken: null,
  jwt: 'j',
};

describe('storage', () => {
  it('persists only the documented keys', () => {
    expect(Object.values(storageKeys).sort()).toEqual(
      [
        'caterway.user',
        'caterway.lightbox',
        'caterway.cart',
        'caterway.headcount',
        'caterway.receiving_method',
        // the suggestion bot's tooltip, 'remembered locally' (ordering-payments §4)
        'caterway.suggestion_tooltip',
        'delivery_date',
        'delivery_time',
        'address',
        'lat',
        'lng',
        // the same delivery details as one object (ordering-payments §3)
        'params',
      ].sort(),
    );
  });

  it('remembers that the suggestion tooltip was dismissed', () => {
    const backend = memoryStore();
    const s = createStorage(backend);
    expect(s.getSuggestionTooltipDismissed()).toBe(false);
    s.setSuggestionTooltipDismissed();
    expect(backend.getItem('caterway.suggestion_tooltip')).toBe('dismissed');
    expect(createStorage(backend).getSuggestionTooltipDismissed()).toBe(true);
  });

  it('round-trips the user and clears it', () => {
    const backend = memoryStore();
    const s = createStorage(backend);
    expect(s.getUser()).toBeNull();
    s.setUser(user);
    expect(s.getUser()).toEqual(user);
    s.setUser(null);
    expect(backend.getItem('caterway.user')).toBeNull();
  });

  it('ignores corrupt or incomplete stored users', () => {
    const backend = memoryStore();
    const s = createStorage(backend);
    backend.setItem('caterway.user', '{not json');
    expect(s.getUser()).toBeNull();
    backend.setItem('caterway.user', JSON.stringify({ ...user, jwt: '' }));
    expect(s.getUser()).toBeNull();
  });

  it('stores delivery details under the spec key names', () => {
    const backend = memoryStore();
    const s = createStorage(backend);
    s.setDeliveryFields({
      deliveryDate: '2026-11-23',
      deliveryTime: '11:30 AM',
      address: '1 King St W, Toronto',
      lat: 43.65,
      lng: -79.38,
    });
    expect(backend.getItem('delivery_date')).toBe('2026-11-23');
    expect(backend.getItem('delivery_time')).toBe('11:30 AM');
    expect(backend.getItem('address')).toBe('1 King St W, Toronto');
    expect(backend.getItem('lat')).toBe('43.65');
    expect(JSON.parse(backend.getItem('params')!)).toEqual({
      address: '1 King St W, Toronto',
      lat: 43.65,
      lng: -79.38,
      delivery_date: '2026-11-23',
      delivery_time: '11:30 AM',
    });
    expect(s.getDeliveryFields()).toEqual({
      deliveryDate: '2026-11-23',
      deliveryTime: '11:30 AM',
      address: '1 King St W, Toronto',
      lat: '43.65',
      lng: '-79.38',
    });
    s.setDeliveryFields({ deliveryDate: '2026-11-23', deliveryTime: '11:30 AM', address: '', lat: null, lng: null });
    expect(backend.getItem('address')).toBeNull();
    expect(backend.getItem('lat')).toBeNull();
  });

  it('defaults the receiving method to delivery and the lightbox flag to unseen', () => {
    const s = createStorage(memoryStore());
    expect(s.getReceivingMethod()).toBe('delivery');
    s.setReceivingMethod('pickup');
    expect(s.getReceivingMethod()).toBe('pickup');
    expect(s.getLightboxSeen()).toBe(false);
    s.setLightboxSeen(true);
    expect(s.getLightboxSeen()).toBe(true);
  });

  it('keeps carts and removes the key when empty', () => {
    const backend = memoryStore();
    const s = createStorage(backend);
    s.setCarts({ '5': { checkoutData: [{ id: 1 }], savedAt: '2026-11-20T10:00:00Z' } });
    expect(s.getCarts()['5']?.checkoutData).toEqual([{ id: 1 }]);
    s.setCarts({});
    expect(backend.getItem('caterway.cart')).toBeNull();
  });

  it('never throws when the backend does', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const s = createStorage(broken);
    expect(() => s.setUser(user)).not.toThrow();
    expect(s.getUser()).toBeNull();
    expect(s.getReceivingMethod()).toBe('delivery');
  });
});
