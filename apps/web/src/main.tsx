import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, loadPage } from './app/router';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import '@caterway/contracts/test-mode-banner.css';

// A link's `token` (docs/decisions/030): its module loads only when the address has one; it takes
// the token out of the address bar and signs in with it before the router reads the address.
const urlTokenSignIn = /[?&]token=/.test(window.location.search)
  ? import('./features/auth/url-token').then((m) => m.signInFromUrl()).catch(() => undefined)
  : undefined;

// The first page's chunk (already on its way: the server preloads it) before the first render.
// The first render is a transition: React renders it in slices and the browser stays
// responsive in between (no single long task: Total Blocking Time).
void Promise.all([loadPage(window.location.pathname), urlTokenSignIn]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
  );
});
