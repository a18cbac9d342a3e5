import { messages } from '@caterway/domain';
import { notify } from '../../stores/notifications';
import { additionalMenus, newLine } from './cart-model';
import type { CartSource } from './cart-source';
import type { Preset } from './types';

// Cart changes that show the spec's notices (ordering-payments §4 Cart, §5 'Add-on limit', §8 toasts).

export function addMenuToCart(source: CartSource, preset: Preset, menuId: number): void {
  const { lines } = source.read(preset);
  const ref = additionalMenus(preset, lines).find((r) => r.menu.id === menuId) ?? null;
  if (!ref) return;
  if (source.maxLines !== undefined && lines.length >= source.maxLines) {
    notify({ tone: 'error', message: messages.addOnLimit(source.maxLines) });
    return;
  }
  source.write(preset, [...lines, newLine(ref)]);
  notify({ tone: 'success', title: messages.itemAdded, message: messages.itemAddedHint });
}

export function removeLineFromCart(source: CartSource, preset: Preset, lineId: number | string): void {
  const { lines } = source.read(preset);
  source.write(
    preset,
    lines.filter((l) => l.id !== lineId),
  );
  notify({ tone: 'success', title: messages.itemRemoved, message: messages.itemRemovedHint });
}
