import { createStore, useStore } from '../lib/create-store';
import { storage, storageKeys, type StoredUser } from '../lib/storage';

// The signed-in user (spec: ordering-payments §3 User) with its jwt. Persisted, and kept in
// step across tabs: signing out in one tab signs out the others.

export type SessionUser = StoredUser;

export const sessionStore = createStore<SessionUser | null>(storage.getUser());

export function signInUser(user: SessionUser): void {
  storage.setUser(user);
  sessionStore.set(user);
}

export function clearSession(): void {
  storage.setUser(null);
  sessionStore.set(null);
}

export const getToken = (): string | null => sessionStore.get()?.jwt ?? null;

export function useSessionUser(): SessionUser | null {
  return useStore(sessionStore);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.user || event.key === null) sessionStore.set(storage.getUser());
  });
}
