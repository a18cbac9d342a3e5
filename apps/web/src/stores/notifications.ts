import { createStore, useStore } from '../lib/create-store';

// Toasts (ordering-payments §8: top right, 4 s unless stated; browse-account-orders §8/§9:
// errors 5 s, and 8 s / 10 s where the catalogue says so).
export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  title?: string;
  message: string;
  /** milliseconds */
  duration: number;
}

export const TOAST_DURATION = { default: 4000, error: 5000, long: 8000, veryLong: 10000 } as const;

export const notificationStore = createStore<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  notificationStore.set((list) => list.filter((t) => t.id !== id));
}

export function notify(toast: Omit<Toast, 'id' | 'duration'> & { duration?: number }): number {
  const id = nextId++;
  const duration = toast.duration ?? (toast.tone === 'error' ? TOAST_DURATION.error : TOAST_DURATION.default);
  // The same message twice in a row (e.g. two failing queries) shows once.
  const list = notificationStore.get().filter((t) => !(t.message === toast.message && t.title === toast.title));
  notificationStore.set([...list, { ...toast, id, duration }].slice(-4));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), duration),
  );
  return id;
}

/** API failure with an { error } body: red toast titled Error, 5 s (browse-account-orders §8). */
export const notifyError = (message: string, duration: number = TOAST_DURATION.error) =>
  notify({ tone: 'error', title: 'Error', message, duration });

export const notifySuccess = (message: string, title?: string, duration: number = TOAST_DURATION.default) =>
  notify({ tone: 'success', title, message, duration });

export const useToasts = () => useStore(notificationStore);
