import { lazy, Suspense } from 'react';
import { messages } from '@caterway/domain';
import ConfirmDialog from '@caterway/ui/confirm-dialog';
import { addMenuToCart, removeLineFromCart } from '../cart-actions';
import { additionalMenus, menuIndex } from '../cart-model';
import { useCartSource } from '../cart-source';
import { closeCartDialog, type CartDialog } from '../cart-ui-store';
import type { CartLine, Preset } from '../types';
import AdditionalItemsModal from './additional-items-modal';

// The cart panel's dialogs (edit a line, remove it, reset the cart, add items), in their own
// chunk loaded when one first opens: none shows at first view, and the restaurant and preset
// pages sit at their JavaScript budget (issue 20, decision 070).

const ItemModal = lazy(() => import('./item-modal'));

export default function CartDialogs({
  preset,
  lines,
  dialog,
}: {
  preset: Preset;
  lines: CartLine[];
  dialog: Exclude<CartDialog, null>;
}) {
  const source = useCartSource();
  const editing =
    dialog.kind === 'edit' || dialog.kind === 'remove' ? lines.find((l) => l.id === dialog.lineId) : undefined;
  const editingRef = editing ? menuIndex(preset).get(editing.menuId) : undefined;
  return (
    <>
      {dialog.kind === 'edit' && editing && editingRef ? (
        <Suspense fallback={null}>
          <ItemModal
            menuRef={editingRef}
            soldOut={preset.soldOut.menuItemIds}
            line={editing}
            onClose={closeCartDialog}
            onSave={(line) => {
              source.write(
                preset,
                lines.map((l) => (l.id === line.id ? line : l)),
              );
              closeCartDialog();
            }}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {dialog.kind === 'remove' && editing ? (
          <ConfirmDialog
            title={`Remove ${editing.menuName}`}
            message={messages.confirmRemoveItem}
            confirmLabel="Remove"
            onCancel={closeCartDialog}
            onConfirm={() => {
              closeCartDialog();
              removeLineFromCart(source, preset, editing.id);
            }}
          />
        ) : null}
        {dialog.kind === 'reset' ? (
          <ConfirmDialog
            title="Reset preset"
            message={messages.confirmResetPreset}
            confirmLabel="Yes"
            onCancel={closeCartDialog}
            onConfirm={() => {
              closeCartDialog();
              source.reset(preset);
            }}
          />
        ) : null}
        {dialog.kind === 'additional' ? (
          <AdditionalItemsModal
            refs={additionalMenus(preset, lines)}
            onAdd={(menuId) => addMenuToCart(source, preset, menuId)}
            onClose={closeCartDialog}
          />
        ) : null}
      </Suspense>
    </>
  );
}
