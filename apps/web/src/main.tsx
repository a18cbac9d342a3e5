import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, loadPage } from './app/router';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import '@caterway/contracts/test-mode-banner.css';

// The first page's chunk (already on its way: the server preloads it) before the first render.
// The first render is a transition: React renders it in slices and the browser stays
// responsive in between (no single long task: Total Blocking Time).
void loadPage(window.location.pathname).then(() => {
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
