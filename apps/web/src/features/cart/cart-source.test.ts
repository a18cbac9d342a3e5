import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { notificationStore } from '../../stores/notifications';
import { addMenuToCart, removeLineFromCart } from './cart-actions';
import { defaultLines } from './cart-model';
import { memoryCartSource } from './cart-source';
import type { Preset } from './types';

// The in-memory cart of the edit-order and add-on pages (cart-source.ts) and the add-on limit.

const menu = (id: number, minOrderAmount = 1) => ({
  id,
  chefId: 1,
  name: `Dish ${id}`,
  priceCents: 1000,
  minOrderAmount,
  isDeleted: false,
  menuItems: [],
});
const preset = {
  id: 9,
  chefs: [{ id: 1, businessName: 'Kitchen', firstName: 'A', lastName: 'B', menus: [menu(21), menu(22), menu(23, 3)] }],
  presetItems: [{ id: 701, menuId: 21, chefId: 1, quantity: 4, specialInstruction: '', menuItemsMapping: {} }],
  taxRate: 13,
  soldOut: { menuIds: [], menuItemIds: [] },
} as unknown as Preset;

afterEach(() => notificationStore.set([]));

describe('memory cart source', () => {
  it('starts from the given lines, resets to them and knows when it changed', () => {
    const start = defaultLines(preset);
    const source = memoryCartSource(start);
    expect(source.read(preset).lines).toEqual(start);
    expect(source.canReset(source.read(preset), preset)).toBe(false);
    addMenuToCart(source, preset, 22);
    expect(source.read(preset).lines.map((l) => l.menuId)).toEqual([21, 22]);
    expect(source.canReset(source.read(preset), preset)).toBe(true);
    source.reset(preset);
    expect(source.read(preset).lines).toEqual(start);
  });

  it('restart makes the saved order the new starting point (after Update Order)', () => {
    const source = memoryCartSource(defaultLines(preset));
    addMenuToCart(source, preset, 23);
    const edited = source.read(preset).lines;
    expect(edited.at(-1)!.quantity).toBe(3);
    source.restart(edited);
    expect(source.canReset(source.read(preset), preset)).toBe(false);
    removeLineFromCart(source, preset, 701);
    source.reset(preset);
    expect(source.read(preset).lines).toEqual(edited);
  });

  it('refuses a line over the add-on limit with the spec message', () => {
    const source = memoryCartSource([], { maxLines: 2 });
    addMenuToCart(source, preset, 21);
    addMenuToCart(source, preset, 22);
    addMenuToCart(source, preset, 23);
    expect(source.read(preset).lines).toHaveLength(2);
    expect(notificationStore.get().at(-1)).toMatchObject({ tone: 'error', message: messages.addOnLimit(2) });
    expect(messages.addOnLimit(2)).toBe('You cannot add more than 2 items.');
  });
});
