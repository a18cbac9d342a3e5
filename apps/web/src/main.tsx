import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, loadPage } from './app/router';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

// The first page's chunk (already on its way: the server preloads it) before the first render.
void loadPage(window.location.pathname).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
});
