import { messages } from '@caterway/domain';
import { notify } from '../../stores/notifications';
import { additionalMenus, newLine } from './cart-model';
import { readCart, setCart } from './cart-store';
import type { Preset } from './types';

// Cart changes that show the spec's notices (ordering-payments §4 Cart, §8 success toasts).

export function addMenuToCart(preset: Preset, menuId: number): void {
  const { lines } = readCart(preset);
  const ref = additionalMenus(preset, lines).find((r) => r.menu.id === menuId) ?? null;
  if (!ref) return;
  setCart(preset, [...lines, newLine(ref)]);
  notify({ tone: 'success', title: messages.itemAdded, message: messages.itemAddedHint });
}

export function removeLineFromCart(preset: Preset, lineId: number | string): void {
  const { lines } = readCart(preset);
  setCart(
    preset,
    lines.filter((l) => l.id !== lineId),
  );
  notify({ tone: 'success', title: messages.itemRemoved, message: messages.itemRemovedHint });
}
