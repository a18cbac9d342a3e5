import { normalizeDeliveryInfo, type DeliveryInfo } from '@caterway/domain';
import { createStore, useStore } from '../../lib/create-store';
import { storage, type ReceivingMethod } from '../../lib/storage';

// Delivery details and receiving method, read from the device at start (a past date moves to
// 3 days ahead: browse-account-orders §3) and written back on SAVE.

export interface DeliveryState {
  info: DeliveryInfo;
  receivingMethod: ReceivingMethod;
}

function load(now: Date): DeliveryState {
  const stored = storage.getDeliveryFields();
  return { info: normalizeDeliveryInfo(stored, now), receivingMethod: storage.getReceivingMethod() };
}

export const deliveryStore = createStore<DeliveryState>(load(new Date()));

export function saveDelivery(info: DeliveryInfo, receivingMethod: ReceivingMethod): void {
  storage.setDeliveryFields(info);
  storage.setReceivingMethod(receivingMethod);
  deliveryStore.set({ info, receivingMethod });
}

/** Re-reads storage with a fresh `now` (e.g. when the tab wakes up on a later day). */
export function refreshDelivery(now: Date): void {
  const next = load(now);
  const current = deliveryStore.get();
  if (JSON.stringify(next) !== JSON.stringify(current)) deliveryStore.set(next);
}

export const useDelivery = () => useStore(deliveryStore);
