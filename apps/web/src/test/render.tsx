import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { Toaster } from '../features/notifications/components/toaster';
import { configureApiClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { closeModal } from '../stores/modals';
import { notificationStore, notifyError } from '../stores/notifications';
import { clearSession, getToken, signInUser, type SessionUser } from '../stores/session';

// Component tests render a page as the app does (main.tsx, app/provider.tsx): the app's query
// client with its error toasts, a memory router at the page's path, the toaster; the network
// is MSW's (packages/contracts/src/testing/msw.ts). Each test starts signed out, with no toasts
// and an empty device storage.

configureApiClient({ getToken, onUnauthorized: clearSession, fetch: undefined });

afterEach(() => {
  cleanup();
  clearSession();
  closeModal();
  notificationStore.set([]);
  window.localStorage?.clear();
});

export const customer: SessionUser = {
  id: 5,
  firstName: 'Dana',
  lastName: 'Park',
  email: 'dana@example.com',
  confirmed: true,
  role: 'customer',
  adminToken: null,
  jwt: 'jwt-dana',
};

export const signIn = (user: SessionUser = customer) => signInUser(user);

/**
 * Shows where the router is, so a test can assert a navigation by text; the navigation state
 * (e.g. the cart handed to /checkout) as JSON in data-state.
 */
function LocationProbe() {
  const location = useLocation();
  const state = location.state === null || location.state === undefined ? undefined : JSON.stringify(location.state);
  return (
    <output aria-label="Current page" data-state={state}>
      {location.pathname}
    </output>
  );
}

export interface RenderPageOptions {
  /** the URL the page opens at, e.g. '/chefs/lunch-7' */
  at: string;
  /** the route pattern the element is mounted at (default: `at`) */
  path?: string;
  /** navigation state, e.g. the cart handed to /checkout */
  state?: unknown;
}

export function renderPage(element: ReactNode, { at, path, state }: RenderPageOptions) {
  const client = createQueryClient((message) => notifyError(message));
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: at, state }]}>
        <Toaster />
        <Routes>
          <Route path={path ?? at} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** The text of the hint or error an input names with aria-describedby. */
export const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
